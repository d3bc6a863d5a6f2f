/// The declaration of one command-line option: `--name`, or `--name <value>`.
///
/// Adding an option to the command line means adding one of these (a suite
/// lists its own in ``BenchSuite/options``); the parser, the help and the
/// error messages follow from it.
public struct OptionSpec: Sendable {
  /// The long name without dashes, like `max-time`.
  public var name: String
  /// An optional one-letter short name, like `h` for `-h`.
  public var shortName: Character?
  /// The placeholder of the value, like `duration`; `nil` for a flag.
  public var valueName: String?
  /// One sentence ending with its default, like "… (default: 42)."
  public var help: String
  /// Checks a value; throws ``InvalidValue`` with the reason it is refused.
  public var validate: @Sendable (String) throws(InvalidValue) -> Void

  /// Declares a flag, an option without a value.
  /// - Parameters:
  ///   - name: the long name without dashes.
  ///   - shortName: an optional one-letter short name.
  ///   - help: one sentence ending with its default.
  /// - Returns: the declaration.
  public static func flag(_ name: String, shortName: Character? = nil, help: String) -> OptionSpec {
    OptionSpec(name: name, shortName: shortName, valueName: nil, help: help) { _ throws(InvalidValue) in }
  }

  /// Declares an option that takes a value.
  /// - Parameters:
  ///   - name: the long name without dashes.
  ///   - valueName: the value's placeholder, like `n`.
  ///   - help: one sentence ending with its default.
  ///   - validate: checks a value, throwing ``InvalidValue`` with the reason it is refused.
  /// - Returns: the declaration.
  public static func value(
    _ name: String,
    valueName: String,
    help: String,
    validate: @escaping @Sendable (String) throws(InvalidValue) -> Void = { _ throws(InvalidValue) in }
  ) -> OptionSpec {
    OptionSpec(name: name, shortName: nil, valueName: valueName, help: help, validate: validate)
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
}
