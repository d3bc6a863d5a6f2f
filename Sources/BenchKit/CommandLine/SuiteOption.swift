/// A command-line option that takes a value, typed: its name, its help,
/// its default and its parser in one place. Suites, added subcommands and
/// the standard options (``BenchCommandLine/standardOptions``) all declare
/// theirs this way.
///
/// The command line's declaration (``spec``) follows from it: the help line
/// ends with "(default: …).", and validation is the parser, so a bad value
/// is refused with the parser's reason before anything runs. A suite reads
/// the parsed value with `context.options[Self.someOption]`,
/// which gives the default when the option was not given and cannot fail.
///
/// ```swift
/// static let taps = SuiteOption(
///   "taps", valueName: "n", help: "Taps per trial, from 2 to 5", default: 2
/// ) { text throws(InvalidValue) in
///   guard let taps = Int(text), (2...5).contains(taps) else { throw InvalidValue("expected an integer from 2 to 5") }
///   return taps
/// }
/// var options: [OptionSpec] { [Self.taps.spec] }
/// // in run(in:)
/// let taps = context.options[Self.taps]  // an Int: 2 unless given
/// ```
public struct SuiteOption<Value: Sendable>: Sendable {
  /// The long name without dashes, like `taps`.
  public let name: String
  /// Other long names it is given by, like `taps` for `actions`.
  public let aliases: [String]
  /// The placeholder of the value, like `n`.
  public let valueName: String
  /// One sentence without its final period and default, like "Taps per trial, from 2 to 5".
  public let help: String
  /// The value read when the option is not given.
  public let defaultValue: Value
  /// How the help shows the default, like `2` or `the in-process mock`.
  public let defaultDescription: String
  /// Reads a given value, throwing ``InvalidValue`` with the reason it is refused.
  public let parse: @Sendable (String) throws(InvalidValue) -> Value

  /// Declares an option whose default the help shows in words of its own.
  /// - Parameters:
  ///   - name: the long name without dashes.
  ///   - valueName: the value's placeholder, like `n`.
  ///   - help: one sentence without its final period; the help adds "(default: …).".
  ///   - defaultValue: the value read when the option is not given.
  ///   - defaultDescription: how the help shows the default.
  ///   - aliases: other long names it is given by; the help names them.
  ///   - parse: reads a given value, throwing ``InvalidValue`` with the reason it is refused.
  public init(
    _ name: String,
    valueName: String,
    help: String,
    default defaultValue: Value,
    shownAs defaultDescription: String,
    aliases: [String] = [],
    parse: @escaping @Sendable (String) throws(InvalidValue) -> Value
  ) {
    precondition(!help.hasSuffix("."), "the help of '--\(name)' gets its period after the default")
    self.name = name
    self.aliases = aliases
    self.valueName = valueName
    self.help = help
    self.defaultValue = defaultValue
    self.defaultDescription = defaultDescription
    self.parse = parse
  }

  /// The command line's declaration: help ending with the default (and
  /// the aliases, when it has any), validation by ``parse``.
  public var spec: OptionSpec {
    let also = aliases.isEmpty ? "" : "; also " + aliases.map { "--\($0)" }.joined(separator: ", ")
    return OptionSpec.value(
      name, valueName: valueName, help: "\(help) (default: \(defaultDescription)\(also)).", aliases: aliases,
      parse: parse)
  }
}

extension SuiteOption where Value: CustomStringConvertible {
  /// Declares an option whose help shows its default as written, like `2`.
  /// - Parameters:
  ///   - name: the long name without dashes.
  ///   - valueName: the value's placeholder, like `n`.
  ///   - help: one sentence without its final period; the help adds "(default: …).".
  ///   - defaultValue: the value read when the option is not given, shown by its description.
  ///   - aliases: other long names it is given by; the help names them.
  ///   - parse: reads a given value, throwing ``InvalidValue`` with the reason it is refused.
  public init(
    _ name: String,
    valueName: String,
    help: String,
    default defaultValue: Value,
    aliases: [String] = [],
    parse: @escaping @Sendable (String) throws(InvalidValue) -> Value
  ) {
    self.init(
      name, valueName: valueName, help: help, default: defaultValue, shownAs: defaultValue.description,
      aliases: aliases, parse: parse)
  }
}

extension SuiteOption {
  /// Declares an option that may be left out, read as `nil` then, like a server's URL.
  /// - Parameters:
  ///   - name: the long name without dashes.
  ///   - valueName: the value's placeholder, like `url`.
  ///   - help: one sentence without its final period; the help adds "(default: …).".
  ///   - absent: how the help names what happens without it, like `off` or `the in-process mock`.
  ///   - parse: reads a given value, throwing ``InvalidValue`` with the reason it is refused.
  public init<Wrapped: Sendable>(
    _ name: String,
    valueName: String,
    help: String,
    absent: String,
    parse: @escaping @Sendable (String) throws(InvalidValue) -> Wrapped
  ) where Value == Wrapped? {
    self.init(name, valueName: valueName, help: help, default: nil, shownAs: absent) {
      text throws(InvalidValue) in try parse(text)
    }
  }

  /// Declares an option whose value is one of an enumeration's raw values,
  /// refused otherwise with "expected a, b or c" in declaration order.
  /// - Parameters:
  ///   - name: the long name without dashes.
  ///   - valueName: the value's placeholder, like `mode`.
  ///   - help: one sentence without its final period; the help adds "(default: …).".
  ///   - defaultValue: the case read when the option is not given, shown by its raw value.
  public init(_ name: String, valueName: String, help: String, default defaultValue: Value)
  where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    self.init(name, valueName: valueName, help: help, default: defaultValue, shownAs: defaultValue.rawValue) {
      text throws(InvalidValue) in try ValueParser.choice(text, of: Value.self)
    }
  }
}
