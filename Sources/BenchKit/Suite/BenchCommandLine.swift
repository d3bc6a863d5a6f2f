/// The `bench` command line: its declaration, its help and its validation.
///
/// Suites and added subcommands are injected, so BenchKit knows no suite
/// names; their ``BenchSuite/options`` and ``BenchSubcommand/options`` join
/// the standard ones. ``parse(_:console:)`` parses, then validates everything (values,
/// suite names, and that the output directory can be written), so running
/// never sees bad input.
public struct BenchCommandLine: Sendable {
  /// The registered suites, in registration order.
  public let suites: [any BenchSuite]
  /// The added subcommands.
  public let subcommands: [BenchSubcommand]
  /// The full declaration, standard and added options included.
  public let spec: CommandSpec

  /// The options every `bench` has.
  public static let standardOptions: [OptionSpec] = [
    .flag("quick", help: "Use the smaller iteration counts and latency grids each suite chooses (default: off)."),
    .value("iterations", valueName: "n", help: "Measured iterations per variant (default: chosen by each suite).") {
      value throws(InvalidValue) in _ = try ValueParser.positiveInteger(value)
    },
    .value(
      "warmup", valueName: "n",
      help: "Warm-up iterations per variant, discarded before measuring (default: chosen by each suite)."
    ) { value throws(InvalidValue) in _ = try ValueParser.nonNegativeInteger(value) },
    .value(
      "max-time", valueName: "duration",
      help: "Cap on each suite's wall time, like 30s or 500ms (default: chosen by each suite)."
    ) { value throws(InvalidValue) in _ = try ValueParser.positiveDuration(value) },
    .value(
      "latency", valueName: "durations",
      help: "Comma-separated simulated latencies, like 1ms,10ms (default: chosen by each suite)."
    ) { value throws(InvalidValue) in _ = try ValueParser.durationList(value) },
    .flag(
      "jitter", help: "Measure only jittered simulated latencies, not each suite's default mix (default: off)."),
    .value(
      "seed", valueName: "n",
      help: "Seed of every random choice, so that a run can be repeated (default: \(BenchOptions.defaultSeed))."
    ) { value throws(InvalidValue) in _ = try ValueParser.seed(value) },
    .value(
      "output", valueName: "directory",
      help: "Directory that receives the CSV files (default: \(BenchOptions.defaultOutputDirectory))."
    ),
    .value(
      "format", valueName: "format",
      help: "Format of the results printed to standard output: table, markdown or json (default: table)."
    ) { value throws(InvalidValue) in _ = try ValueParser.choice(value, from: OutputFormat.allCases.map(\.rawValue)) },
  ]

  /// The `list` subcommand every `bench` has.
  public static let listSubcommand = SubcommandSpec(
    "list", abstract: "List the suites, their summaries and whether they run by default."
  )

  /// Declares the command line.
  /// - Parameters:
  ///   - commandName: the executable's name, like `bench`.
  ///   - overview: one sentence for the help.
  ///   - suites: the registered suites; names unique, none equal to a subcommand.
  ///   - subcommands: added subcommands.
  public init(
    commandName: String = "bench",
    overview: String,
    suites: [any BenchSuite],
    subcommands: [BenchSubcommand] = []
  ) {
    let subcommandNames = [Self.listSubcommand.name, "help"] + subcommands.map(\.spec.name)
    for suite in suites {
      precondition(!subcommandNames.contains(suite.name), "suite '\(suite.name)' has a subcommand's name")
    }
    precondition(Set(suites.map(\.name)).count == suites.count, "suite names must be unique")
    var options = Self.standardOptions
    for option in suites.flatMap(\.options) + subcommands.flatMap(\.options)
    where !options.contains(where: { $0.name == option.name }) {
      options.append(option)
    }
    self.suites = suites
    self.subcommands = subcommands
    spec = CommandSpec(
      name: commandName,
      overview: overview,
      arguments: [
        ArgumentSpec(
          "suite",
          help:
            "A suite to run; repeat to run several (default: the suites marked as default in '\(commandName) list').",
          isOptional: true,
          isRepeating: true
        )
      ],
      options: options,
      subcommands: [Self.listSubcommand] + subcommands.map(\.spec)
    )
  }

  /// The help text, ending in a newline.
  public var helpText: String {
    HelpFormatter.help(for: spec)
  }

  /// Parses and validates a command line.
  /// - Parameters:
  ///   - arguments: the arguments without the executable's name.
  ///   - console: handed to an added subcommand.
  /// - Returns: the command to carry out.
  /// - Throws: ``UsageError`` with a one-line message for any bad input.
  public func parse(_ arguments: [String], console: any Console = StandardConsole()) throws(UsageError)
    -> BenchCommand
  {
    let parser = CommandLineParser(spec: spec)
    let parsed = try parser.parse(arguments)
    if parsed.wantsHelp { return .help }
    let options = try validateOptions(parsed, parser: parser)
    switch parsed.subcommand {
    case Self.listSubcommand.name?:
      return .list
    case let name?:
      let subcommand = subcommands.first { $0.spec.name == name }!
      do {
        try subcommand.validate(parsed.arguments)
      } catch {
        throw parser.usageError(error.reason, parsed)
      }
      return .subcommand(
        subcommand, BenchSubcommand.Invocation(arguments: parsed.arguments, options: options, console: console)
      )
    case nil:
      let selected = try selectSuites(parsed.arguments, parser: parser, parsed: parsed)
      if !selected.isEmpty {
        do {
          _ = try OutputDirectory(preparing: options.outputDirectory)
        } catch {
          throw parser.usageError(
            "The output directory '\(options.outputDirectory)' cannot be written: \(error.reason)", parsed
          )
        }
      }
      return .run(options, suites: selected)
    }
  }

  private func validateOptions(_ parsed: ParsedCommandLine, parser: CommandLineParser) throws(UsageError)
    -> BenchOptions
  {
    var options = BenchOptions()
    for option in spec.options {
      if option.isFlag {
        guard parsed.flags.contains(option.name) else { continue }
        switch option.name {
        case "quick": options.quick = true
        case "jitter": options.jitter = true
        default: options.extraFlags.insert(option.name)
        }
        continue
      }
      guard let value = parsed.values[option.name] else { continue }
      do throws(InvalidValue) {
        switch option.name {
        case "iterations": options.iterations = try ValueParser.positiveInteger(value)
        case "warmup": options.warmUpIterations = try ValueParser.nonNegativeInteger(value)
        case "max-time": options.maxTime = try ValueParser.positiveDuration(value)
        case "latency": options.latencies = try ValueParser.durationList(value)
        case "seed": options.seed = try ValueParser.seed(value)
        case "output":
          guard !value.isEmpty else { throw InvalidValue("expected a directory path") }
          options.outputDirectory = value
        case "format":
          options.format = OutputFormat(
            rawValue: try ValueParser.choice(value, from: OutputFormat.allCases.map(\.rawValue))
          )!
        default:
          try option.validate(value)
          options.extraValues[option.name] = value
        }
      } catch {
        throw parser.usageError(
          "The value '\(value)' is invalid for '\(option.errorLabel)': \(error.reason)", parsed
        )
      }
    }
    return options
  }

  private func selectSuites(_ names: [String], parser: CommandLineParser, parsed: ParsedCommandLine)
    throws(UsageError) -> [any BenchSuite]
  {
    guard !names.isEmpty else { return suites.filter(\.runsByDefault) }
    var selected: [any BenchSuite] = []
    for name in names where !selected.contains(where: { $0.name == name }) {
      guard let suite = suites.first(where: { $0.name == name }) else {
        throw parser.usageError("Unknown suite '\(name)'; run '\(spec.name) list' to see the suites", parsed)
      }
      selected.append(suite)
    }
    return selected
  }
}
