/// A command-line flag, an option without a value, off unless given;
/// declared by suites, added subcommands and the standard options alike.
///
/// Read it with `context.options[Self.someFlag]`: `true` when it
/// was on the command line.
public struct SuiteFlag: Sendable {
  /// The long name without dashes, like `allow-incomparable`.
  public let name: String
  /// One sentence without its final period; the help adds "(default: off).".
  public let help: String

  /// Declares a flag.
  /// - Parameters:
  ///   - name: the long name without dashes.
  ///   - help: one sentence without its final period; the help adds "(default: off).".
  public init(_ name: String, help: String) {
    precondition(!help.hasSuffix("."), "the help of '--\(name)' gets its period after the default")
    self.name = name
    self.help = help
  }

  /// The command line's declaration: help ending with "(default: off).".
  public var spec: OptionSpec {
    OptionSpec.flag(name, help: "\(help) (default: off).")
  }
}
