/// Reads a command line the way swift-argument-parser does.
///
/// - `--name value` and `--name=value`; a value may start with `-` (so
///   `--max-time -5ms` reaches validation and is refused there) but not `--`.
/// - `-h`, `--help` (anywhere before `--`) and the `help` subcommand ask for help.
/// - `--` ends the options; everything after it is positional.
/// - The first positional that names a subcommand selects it.
///
/// It checks shape only (known options, values present, argument counts);
/// values are checked afterwards, so that parsing, validation and running
/// stay separate.
public struct CommandLineParser: Sendable {
  /// The declaration to read against.
  public var spec: CommandSpec

  /// Creates a parser.
  /// - Parameter spec: the declaration to read against.
  public init(spec: CommandSpec) {
    self.spec = spec
  }

  /// Reads the arguments (without the executable's name).
  /// - Parameter arguments: the arguments, like `["list"]`.
  /// - Returns: the parsed command line.
  /// - Throws: ``UsageError`` for an unknown option, a missing value or a wrong argument count.
  public func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommandLine {
    var result = ParsedCommandLine()
    let beforeTerminator = arguments.prefix { $0 != "--" }
    if beforeTerminator.contains(where: { $0 == "--help" || $0 == "-h" }) || arguments.first == "help" {
      result.wantsHelp = true
      return result
    }
    var index = 0
    var onlyArguments = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyArguments || argument == "-" || !argument.hasPrefix("-") {
        if !onlyArguments, result.subcommand == nil, result.arguments.isEmpty,
          spec.subcommands.contains(where: { $0.name == argument })
        {
          result.subcommand = argument
        } else {
          result.arguments.append(argument)
        }
      } else if argument == "--" {
        onlyArguments = true
      } else if argument.hasPrefix("--") {
        let body = argument.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
        guard let option = spec.option(named: name) else {
          throw usageError("Unknown option '--\(name)'", result)
        }
        if option.isFlag {
          guard inlineValue == nil else {
            throw usageError("The option '--\(name)' does not take a value", result)
          }
          result.flags.insert(option.name)
        } else if let inlineValue {
          result.values[option.name] = inlineValue
        } else if index < arguments.count, !arguments[index].hasPrefix("--") {
          result.values[option.name] = arguments[index]
          index += 1
        } else {
          throw usageError("Missing value for '\(option.errorLabel)'", result)
        }
      } else {
        throw usageError("Unknown option '\(argument)'", result)
      }
    }
    try checkArgumentCount(result)
    return result
  }

  private func checkArgumentCount(_ result: ParsedCommandLine) throws(UsageError) {
    let declared =
      result.subcommand.flatMap { name in spec.subcommands.first { $0.name == name } }?.arguments
      ?? spec.arguments
    let required = declared.filter { !$0.isOptional }
    if result.arguments.count < required.count {
      throw usageError("Missing expected argument '<\(required[result.arguments.count].name)>'", result)
    }
    if declared.last?.isRepeating != true, result.arguments.count > declared.count {
      throw usageError("Unexpected argument '\(result.arguments[declared.count])'", result)
    }
  }

  /// A usage error showing the usage of the command being parsed.
  func usageError(_ message: String, _ result: ParsedCommandLine) -> UsageError {
    if let name = result.subcommand, let subcommand = spec.subcommands.first(where: { $0.name == name }) {
      return UsageError(message, usage: spec.usage(of: subcommand))
    }
    return UsageError(message, usage: spec.usage)
  }
}
