/// The declaration of one command-line option: `--name`, or `--name <value>`.
///
/// The parser, the help and the error messages follow from it. Nobody
/// writes these by hand: the standard options, suites and subcommands
/// declare a typed ``SuiteOption`` or ``SuiteFlag`` and list its `spec`,
/// so that the parser, the default and the help text live in one place.
public struct OptionSpec: Sendable {
  /// The long name without dashes, like `max-time`.
  public var name: String
  /// An optional one-letter short name, like `h` for `-h`.
  public var shortName: Character?
  /// Other long names it is given by, kept for command lines written
  /// before it was renamed, like `taps` for `actions`.
  public var aliases: [String] = []
  /// The placeholder of the value, like `duration`; `nil` for a flag.
  public var valueName: String?
  /// One sentence ending with its default, like "… (default: 42)."
  public var help: String
  /// The type of the value it stores, to tell apart two options of one name.
  let valueType: ObjectIdentifier
  /// Reads a given value, or throws ``InvalidValue`` with the reason it is
  /// refused; a flag, which has no value, reads as `true`.
  let parse: @Sendable (String) throws(InvalidValue) -> any Sendable

  /// Declares a flag, an option without a value.
  /// - Parameters:
  ///   - name: the long name without dashes.
  ///   - shortName: an optional one-letter short name.
  ///   - help: one sentence, ending with its default if it has one.
  /// - Returns: the declaration.
  static func flag(_ name: String, shortName: Character? = nil, help: String) -> OptionSpec {
    OptionSpec(
      name: name, shortName: shortName, valueName: nil, help: help, valueType: ObjectIdentifier(Bool.self)
    ) { _ throws(InvalidValue) in true }
  }

  /// Declares an option that takes a value.
  /// - Parameters:
  ///   - name: the long name without dashes.
  ///   - valueName: the value's placeholder, like `n`.
  ///   - help: one sentence ending with its default.
  ///   - aliases: other long names it is given by.
  ///   - parse: reads a value, throwing ``InvalidValue`` with the reason it is refused.
  /// - Returns: the declaration.
  static func value<Value: Sendable>(
    _ name: String,
    valueName: String,
    help: String,
    aliases: [String] = [],
    parse: @escaping @Sendable (String) throws(InvalidValue) -> Value
  ) -> OptionSpec {
    OptionSpec(
      name: name, shortName: nil, aliases: aliases, valueName: valueName, help: help,
      valueType: ObjectIdentifier(Value.self)
    ) { text throws(InvalidValue) in try parse(text) }
  }

  /// Whether `name` names it: its name or one of its aliases.
  func isNamed(_ name: String) -> Bool {
    self.name == name || aliases.contains(name)
  }

  /// Whether the option takes no value.
  public var isFlag: Bool {
    valueName == nil
  }

  /// How the option is shown in help and errors, like `--iterations <n>` or `-h, --help`.
  public var label: String {
    let long = "--\(name)" + (valueName.map { " <\($0)>" } ?? "")
    return shortName.map { "-\($0), \(long)" } ?? long
  }

  /// How the option is named in errors, like `--iterations <n>`.
  var errorLabel: String {
    "--\(name)" + (valueName.map { " <\($0)>" } ?? "")
  }

  /// Whether `other` is the same option declared again (by another suite,
  /// like `--base-url`): same name, placeholder, help and value type.
  func declaresTheSameOption(as other: OptionSpec) -> Bool {
    name == other.name && shortName == other.shortName && aliases == other.aliases && valueName == other.valueName
      && help == other.help && valueType == other.valueType
  }
}
