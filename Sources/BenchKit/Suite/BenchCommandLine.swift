/// The `bench` command line: its declaration, its help and its validation.
///
/// Suites and added subcommands are injected, so BenchKit knows no suite
/// names; their ``BenchSuite/options`` and ``BenchSubcommand/options`` join
/// the standard ones. ``parse(_:console:)`` parses, then validates everything (values,
/// suite names, and that the output directory can be written), so running
/// never sees bad input.
///
/// An option is accepted only where something reads it: `--output`,
/// `--format` and `--verbose` by every run of suites, the other standard options when a
/// suite that lists them in ``BenchSuite/standardOptions`` runs (and by a
/// subcommand that lists them in ``BenchSubcommand/standardOptions``), a
/// suite's own options when that suite runs, a subcommand's options by that
/// subcommand, and none by `list`. So `bench parallel-fetch --actions 3` and
/// `bench presenter-hop --latency 5ms` are refused instead of silently ignored.
public struct BenchCommandLine: Sendable {
  /// The registered suites, in registration order.
  public let suites: [any BenchSuite]
  /// The added subcommands.
  public let subcommands: [BenchSubcommand]
  /// The full declaration, standard and added options included.
  public let spec: CommandSpec
  /// Who reads each option, by long name, in registration order.
  let readers: [String: [OptionReader]]

  /// What may read an option.
  enum OptionReader: Hashable {
    /// Every run of suites: `--output`, `--format` and `--verbose`.
    case everyRun
    /// The suite of this name, when it runs.
    case suite(String)
    /// The subcommand of this name.
    case subcommand(String)

    var name: String {
      switch self {
      case .everyRun: "every run"
      case .suite(let name): name
      case .subcommand(let name): "'bench \(name)'"
      }
    }
  }

  /// What a command line asks for, to check its options against.
  enum CommandKind {
    case list
    case subcommand(String)
    case run(suites: [String])
  }

  /// The options every `bench` has, read through ``BenchOptions``'s properties.
  public static let standardOptions = BenchOptions.standardOptions

  /// The names of the standard options.
  public static let standardOptionNames = Set(standardOptions.map(\.name))

  /// The standard options the driver itself reads for every run of suites;
  /// the others apply only to the suites that list them in
  /// ``BenchSuite/standardOptions``.
  public static let driverOptionNames: Set<String> = ["output", "format", "verbose"]

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
    var readers: [String: [OptionReader]] = [:]
    for option in options {
      readers[option.name] =
        Self.driverOptionNames.contains(option.name)
        ? [.everyRun] : suites.filter { $0.standardOptions.contains(option.name) }.map { .suite($0.name) }
    }
    let added =
      suites.flatMap { suite in suite.options.map { ($0, OptionReader.suite(suite.name)) } }
      + subcommands.flatMap { subcommand in
        subcommand.options.map { ($0, OptionReader.subcommand(subcommand.spec.name)) }
      }
    for (option, reader) in added {
      if let declared = options.first(where: { $0.name == option.name }) {
        precondition(
          declared.declaresTheSameOption(as: option),
          "'--\(option.name)' is declared twice, differently; declare it once and list it where it is read")
      } else {
        options.append(option)
      }
      readers[option.name, default: []].append(reader)
    }
    for subcommand in subcommands {
      for name in subcommand.standardOptions.sorted() {
        precondition(Self.standardOptionNames.contains(name), "'\(name)' is not a standard option")
        readers[name]?.append(.subcommand(subcommand.spec.name))
      }
    }
    self.suites = suites
    self.subcommands = subcommands
    self.readers = readers
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
      subcommands: [Self.listSubcommand] + subcommands.map(\.spec),
      optionSections: Self.sections(of: options, readers: readers)
    )
  }

  /// The help's option sections: the standard options first, then one
  /// section per set of readers, like `REFETCH-CANCEL OPTIONS`.
  private static func sections(of options: [OptionSpec], readers: [String: [OptionReader]]) -> [OptionSection] {
    var sections = [OptionSection("OPTIONS", optionNames: standardOptions.map(\.name))]
    var titles: [String: Int] = [:]
    for option in options where !standardOptionNames.contains(option.name) {
      let names = (readers[option.name] ?? []).map { reader in
        switch reader {
        case .everyRun: "EVERY RUN"
        case .suite(let name), .subcommand(let name): name.uppercased()
        }
      }
      let title = (Self.phrase(names) + " OPTIONS").uppercased()
      if let index = titles[title] {
        sections[index].optionNames.append(option.name)
      } else {
        titles[title] = sections.count
        sections.append(OptionSection(title, optionNames: [option.name]))
      }
    }
    return sections
  }

  /// `a`, `a and b`, `a, b and c`.
  static func phrase(_ items: [String]) -> String {
    items.count <= 2
      ? items.joined(separator: " and ") : items.dropLast().joined(separator: ", ") + " and " + items.last!
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
    var selected: [any BenchSuite] = []
    switch parsed.subcommand {
    case Self.listSubcommand.name?:
      try checkOptionsApply(parsed, to: .list, parser: parser)
    case let name?:
      try checkOptionsApply(parsed, to: .subcommand(name), parser: parser)
    case nil:
      selected = try selectSuites(parsed.arguments, parser: parser, parsed: parsed)
      try checkOptionsApply(parsed, to: .run(suites: selected.map(\.name)), parser: parser)
    }
    let options = try validateOptions(parsed, parser: parser)
    if options.quick, options.thorough {
      throw parser.usageError("The options '--quick' and '--thorough' cannot be used together", parsed)
    }
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
      let given = option.isFlag ? (parsed.flags.contains(option.name) ? "" : nil) : parsed.values[option.name]
      guard let value = given else { continue }
      do throws(InvalidValue) {
        options.values[option.name] = try option.parse(value)
      } catch {
        throw parser.usageError(
          "The value '\(value)' is invalid for '\(option.errorLabel)': \(error.reason)", parsed
        )
      }
    }
    return options
  }

  /// Refuses the first option (in declaration order) that nothing in `command` reads.
  private func checkOptionsApply(_ parsed: ParsedCommandLine, to command: CommandKind, parser: CommandLineParser)
    throws(UsageError)
  {
    let given = spec.options.filter { parsed.flags.contains($0.name) || parsed.values[$0.name] != nil }
    for option in given {
      let optionReaders = readers[option.name] ?? []
      switch command {
      case .list:
        throw parser.usageError("The option '--\(option.name)' does not apply to '\(spec.name) list'", parsed)
      case .subcommand(let name):
        guard optionReaders.contains(.subcommand(name)) else {
          throw parser.usageError("The option '--\(option.name)' does not apply to '\(spec.name) \(name)'", parsed)
        }
      case .run(let suites):
        guard !optionReaders.contains(where: { $0 == .everyRun || suites.contains($0.name) }) else { continue }
        let running = suites.isEmpty ? "runs no suite" : "runs " + Self.phrase(suites)
        let applies =
          optionReaders.isEmpty
          ? "applies to no registered suite" : "applies only to \(Self.phrase(optionReaders.map(\.name)))"
        throw parser.usageError("The option '--\(option.name)' \(applies); this command \(running)", parsed)
      }
    }
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
