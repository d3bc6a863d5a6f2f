/// The declaration of a whole command line: options, arguments and subcommands.
///
/// Options are global: they may appear anywhere, before or after a
/// subcommand. The root command's ``arguments`` apply when no subcommand is
/// named. ``CommandLineParser`` reads a command line against it and
/// ``HelpFormatter`` prints it.
public struct CommandSpec: Sendable {
  /// The executable's name, like `bench`.
  public var name: String
  /// One sentence for the help's `OVERVIEW:`.
  public var overview: String
  /// The root command's positional arguments.
  public var arguments: [ArgumentSpec]
  /// Every option, `-h, --help` excluded (it is always there).
  public var options: [OptionSpec]
  /// The subcommands.
  public var subcommands: [SubcommandSpec]

  /// Creates a declaration.
  /// - Parameters:
  ///   - name: the executable's name.
  ///   - overview: one sentence for the help.
  ///   - arguments: the root command's positional arguments.
  ///   - options: the options; names must be unique and not `help`.
  ///   - subcommands: the subcommands; names must be unique.
  public init(
    name: String,
    overview: String,
    arguments: [ArgumentSpec],
    options: [OptionSpec],
    subcommands: [SubcommandSpec]
  ) {
    let names = options.map(\.name) + ["help"]
    precondition(Set(names).count == names.count, "option names must be unique and not 'help': \(names)")
    precondition(Set(subcommands.map(\.name)).count == subcommands.count, "subcommand names must be unique")
    self.name = name
    self.overview = overview
    self.arguments = arguments
    self.options = options
    self.subcommands = subcommands
  }

  /// The `-h, --help` flag every command has.
  public static let helpOption = OptionSpec.flag("help", shortName: "h", help: "Show help information.")

  /// The root usage line, like `bench [<suite> ...] [<options>]`.
  public var usage: String {
    ([name] + arguments.map(\.usage) + ["[<options>]"]).joined(separator: " ")
  }

  /// The usage line of the subcommand called `subcommand`, like `bench compare <baseline> <current>`.
  /// - Parameter subcommand: the subcommand.
  /// - Returns: its usage line.
  public func usage(of subcommand: SubcommandSpec) -> String {
    ([name, subcommand.name] + subcommand.arguments.map(\.usage)).joined(separator: " ")
  }

  func option(named name: String) -> OptionSpec? {
    name == "help" ? Self.helpOption : options.first { $0.name == name }
  }
}
