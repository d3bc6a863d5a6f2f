import BenchKit
import Foundation
import Testing

@Suite struct CommandLineTests {
  static let suites: [any BenchSuite] = [
    StubSuite(name: "alpha"),
    StubSuite(name: "beta", runsByDefault: false),
    StubSuite(name: "gamma"),
  ]

  static func parse(_ arguments: [String]) throws(UsageError) -> BenchCommand {
    try BenchCommandLine(overview: "O.", suites: suites).parse(arguments)
  }

  static func options(_ arguments: [String]) throws -> BenchOptions {
    guard case .run(let options, _) = try parse(["--output", scratch.path] + arguments) else {
      Issue.record("expected a run")
      return BenchOptions()
    }
    return options
  }

  /// An existing writable directory; validation only writes and removes a probe file in it.
  static let scratch = (path: FileManager.default.temporaryDirectory.path, ())

  @Test func defaultsWhenNothingIsGiven() throws {
    let options = try Self.options([])
    #expect(options.iterations == nil && options.warmUpIterations == nil && options.maxTime == nil)
    #expect(options.latencies == nil && !options.quick && !options.jitter)
    #expect(options.seed == 42)
    #expect(options.format == .table)
  }

  @Test func readsEveryOption() throws {
    let options = try Self.options([
      "--quick", "--iterations", "30", "--warmup=0", "--max-time", "1.5s", "--latency", "1ms,10ms,0",
      "--jitter", "--seed", "0xff", "--format=json",
    ])
    #expect(options.quick && options.jitter)
    #expect(options.iterations == 30)
    #expect(options.warmUpIterations == 0)
    #expect(options.maxTime == .milliseconds(1_500))
    #expect(options.latencies == [.milliseconds(1), .milliseconds(10), .zero])
    #expect(options.seed == 255)
    #expect(options.format == .json)
  }

  @Test func theLastRepeatedValueWins() throws {
    #expect(try Self.options(["--seed", "1", "--seed=2"]).seed == 2)
  }

  @Test func suitesDefaultToTheDefaultOnesAndKeepTheGivenOrder() throws {
    guard case .run(_, let defaults) = try Self.parse(["--output", Self.scratch.path]) else {
      Issue.record("expected a run")
      return
    }
    #expect(defaults.map(\.name) == ["alpha", "gamma"])
    guard case .run(_, let chosen) = try Self.parse(["beta", "alpha", "beta", "--output", Self.scratch.path]) else {
      Issue.record("expected a run")
      return
    }
    #expect(chosen.map(\.name) == ["beta", "alpha"])
  }

  @Test(arguments: [["--help"], ["-h"], ["help"], ["alpha", "--iterations", "0", "-h"], ["list", "--help"]])
  func helpWinsOverEverythingElse(arguments: [String]) throws {
    guard case .help = try Self.parse(arguments) else {
      Issue.record("expected help for \(arguments)")
      return
    }
  }

  @Test func listAndDoubleDash() throws {
    guard case .list = try Self.parse(["list"]) else {
      Issue.record("expected list")
      return
    }
    #expect(
      throws: UsageError(
        "Unknown suite '--quick'; run 'bench list' to see the suites", usage: "bench [<suite> ...] [<options>]")
    ) {
      try Self.parse(["--", "--quick"])
    }
  }

  /// Every bad input, with the exact one-line error it must produce.
  @Test(arguments: [
    (["nope"], "Unknown suite 'nope'; run 'bench list' to see the suites"),
    (["--fast"], "Unknown option '--fast'"),
    (["-x"], "Unknown option '-x'"),
    (["--iterations"], "Missing value for '--iterations <n>'"),
    (["--max-time", "--quick"], "Missing value for '--max-time <duration>'"),
    (["--quick=yes"], "The option '--quick' does not take a value"),
    (
      ["--max-time", "abc"],
      "The value 'abc' is invalid for '--max-time <duration>': expected a number and a unit, like 500us, 10ms or 2s"
    ),
    (["--max-time", "-5ms"], "The value '-5ms' is invalid for '--max-time <duration>': durations cannot be negative"),
    (
      ["--max-time", "0"],
      "The value '0' is invalid for '--max-time <duration>': the duration must be greater than zero"
    ),
    (
      ["--latency", "1ms,-2ms"],
      "The value '1ms,-2ms' is invalid for '--latency <durations>': durations cannot be negative"
    ),
    (
      ["--latency=10"],
      "The value '10' is invalid for '--latency <durations>': a non-zero duration needs a unit (ns, us, µs, ms or s)"
    ),
    (
      ["--latency", "10m"],
      "The value '10m' is invalid for '--latency <durations>': unknown unit 'm'; use ns, us, µs, ms or s"
    ),
    (["--quick", "--thorough"], "The options '--quick' and '--thorough' cannot be used together"),
    (["--iterations", "0"], "The value '0' is invalid for '--iterations <n>': expected a positive integer"),
    (["--iterations", "ten"], "The value 'ten' is invalid for '--iterations <n>': expected a positive integer"),
    (["--iterations", "-3"], "The value '-3' is invalid for '--iterations <n>': expected a positive integer"),
    (["--warmup", "1.5"], "The value '1.5' is invalid for '--warmup <n>': expected zero or a positive integer"),
    (
      ["--seed", "x"],
      "The value 'x' is invalid for '--seed <n>': expected an integer from 0 to 18446744073709551615, "
        + "or 0x and hexadecimal digits"
    ),
    (["--format", "xml"], "The value 'xml' is invalid for '--format <format>': expected table, markdown or json"),
    (["--output="], "The value '' is invalid for '--output <directory>': expected a directory path"),
  ])
  func badInputsGiveOneLineErrors(arguments: [String], message: String) {
    #expect(throws: UsageError(message, usage: "bench [<suite> ...] [<options>]")) {
      try Self.parse(arguments)
    }
  }

  @Test func subcommandErrorsShowTheSubcommandsUsage() {
    #expect(throws: UsageError("Unexpected argument 'extra'", usage: "bench list")) {
      try Self.parse(["list", "extra"])
    }
  }

  @Test func anOutputDirectoryThatCannotBeWrittenIsAUsageError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = FileManager.default.createFile(atPath: directory.file("taken"), contents: Data())
    let output = directory.file("taken") + "/results"
    #expect(
      throws: UsageError(
        "The output directory '\(output)' cannot be written: '\(directory.file("taken"))' is not a directory",
        usage: "bench [<suite> ...] [<options>]"
      )
    ) {
      try Self.parse(["--output", output])
    }
  }

  @Test func theOutputDirectoryIsCreatedAtValidation() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = try Self.parse(["--output", directory.file("new/nested")])
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: directory.file("new/nested"), isDirectory: &isDirectory))
    #expect(isDirectory.boolValue)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.file("new/nested")).isEmpty)
  }

  @Test func suiteDeclaredOptionsAreValidatedAndReadable() throws {
    let threshold = SuiteOption(
      "threshold", valueName: "percent", help: "Allowed slowdown", default: 5.0, shownAs: "5%"
    ) { value throws(InvalidValue) in
      guard value.hasSuffix("%"), let percent = Double(value.dropLast()) else {
        throw InvalidValue("expected a percentage like 5%")
      }
      return percent
    }
    let strict = SuiteFlag("strict", help: "Fail on any slowdown")
    let commandLine = BenchCommandLine(overview: "O.", suites: [StubSuite(options: [threshold.spec, strict.spec])])
    guard
      case .run(let options, _) = try commandLine.parse(["--threshold=7%", "--strict", "--output", Self.scratch.path])
    else {
      Issue.record("expected a run")
      return
    }
    #expect(options[threshold] == 7)
    #expect(options[strict])
    #expect(
      throws: UsageError(
        "The value 'seven' is invalid for '--threshold <percent>': expected a percentage like 5%",
        usage: "bench [<suite> ...] [<options>]"
      )
    ) {
      try commandLine.parse(["--threshold", "seven"])
    }
  }

  static let baseURL = SuiteOption("base-url", valueName: "url", help: "A server", absent: "none") {
    text throws(InvalidValue) in text
  }
  static let taps = SuiteOption("taps", valueName: "n", help: "Taps", default: 2, parse: ValueParser.positiveInteger)
  static let threshold = SuiteOption(
    "threshold", valueName: "percent", help: "Threshold", default: 0.05, shownAs: "5%", parse: ValueParser.percentage)

  /// A command line whose `taps` only `refetch` reads, `base-url` both
  /// `fetch` and `refetch`, and `threshold` (with `seed`) only `compare`.
  static let scoped = BenchCommandLine(
    overview: "O.",
    suites: [
      StubSuite(name: "fetch", options: [baseURL.spec]),
      StubSuite(name: "refetch", options: [baseURL.spec, taps.spec]),
      StubSuite(name: "canary", runsByDefault: false),
    ],
    subcommands: [
      BenchSubcommand(
        spec: SubcommandSpec("compare", abstract: "Compare."),
        options: [threshold.spec],
        standardOptions: ["seed"]
      ) { _ in .success }
    ]
  )

  /// An option that nothing in the command reads is refused by name, never
  /// accepted and ignored.
  @Test(arguments: [
    (["list", "--quick"], "The option '--quick' does not apply to 'bench list'", "bench list"),
    (["compare", "--iterations", "3"], "The option '--iterations' does not apply to 'bench compare'", "bench compare"),
    (["compare", "--taps", "3"], "The option '--taps' does not apply to 'bench compare'", "bench compare"),
    (
      ["fetch", "--taps", "3"], "The option '--taps' applies only to refetch; this command runs fetch",
      "bench [<suite> ...] [<options>]"
    ),
    (
      ["canary", "--base-url", "http://h"],
      "The option '--base-url' applies only to fetch and refetch; this command runs canary",
      "bench [<suite> ...] [<options>]"
    ),
    (
      ["--threshold", "5%"],
      "The option '--threshold' applies only to 'bench compare'; this command runs fetch and refetch",
      "bench [<suite> ...] [<options>]"
    ),
  ])
  func optionsApplyOnlyWhereTheyAreRead(arguments: [String], message: String, usage: String) {
    #expect(throws: UsageError(message, usage: usage)) { try Self.scoped.parse(arguments) }
  }

  @Test func anOptionIsAcceptedWhenOneOfItsReadersRuns() throws {
    let output = ["--output", Self.scratch.path]
    guard case .run(let options, let suites) = try Self.scoped.parse(["canary", "refetch", "--taps", "3"] + output)
    else {
      Issue.record("expected a run")
      return
    }
    #expect(suites.map(\.name) == ["canary", "refetch"])
    #expect(options[Self.taps] == 3)
    guard case .run(let defaults, _) = try Self.scoped.parse(["--base-url", "http://h"] + output) else {
      Issue.record("expected a run")
      return
    }
    #expect(defaults[Self.baseURL] == "http://h")
    #expect(defaults[Self.taps] == 2)
    guard case .subcommand(_, let invocation) = try Self.scoped.parse(["compare", "--seed", "7", "--threshold", "2%"])
    else {
      Issue.record("expected compare")
      return
    }
    #expect(invocation.options.seed == 7)
    #expect(invocation.options[Self.threshold] == 0.02)
  }

  /// A standard option is read by the suites that list it: one that leaves
  /// `latency` out refuses it, unless a suite that reads it runs too;
  /// `--output` and `--format` are the driver's and apply to every run.
  @Test func aStandardOptionAppliesOnlyToTheSuitesThatReadIt() throws {
    let commandLine = BenchCommandLine(
      overview: "O.",
      suites: [
        StubSuite(name: "fetch"),
        StubSuite(name: "hop", standardOptions: ["iterations", "seed"]),
        StubSuite(name: "bare", runsByDefault: false, standardOptions: []),
      ])
    let output = ["--output", Self.scratch.path]
    #expect(
      throws: UsageError(
        "The option '--latency' applies only to fetch; this command runs hop",
        usage: "bench [<suite> ...] [<options>]")
    ) { try commandLine.parse(["hop", "--latency", "1ms"] + output) }
    guard case .run(let options, _) = try commandLine.parse(["hop", "fetch", "--latency", "1ms"] + output) else {
      Issue.record("expected a run")
      return
    }
    #expect(options.latencies == [.milliseconds(1)])
    guard case .run(_, let suites) = try commandLine.parse(["bare", "--format", "json"] + output) else {
      Issue.record("expected a run")
      return
    }
    #expect(suites.map(\.name) == ["bare"])
    #expect(
      throws: UsageError(
        "The option '--seed' applies only to fetch and hop; this command runs bare",
        usage: "bench [<suite> ...] [<options>]")
    ) { try commandLine.parse(["bare", "--seed", "1"] + output) }
  }

  /// Whether an option applies is said before its value is checked: a bad
  /// value of an option that does not apply is still "does not apply".
  @Test func applicabilityIsCheckedBeforeValues() {
    #expect(
      throws: UsageError(
        "The option '--iterations' does not apply to 'bench list'", usage: "bench list")
    ) { try Self.scoped.parse(["list", "--iterations", "zero"]) }
  }

  @Test func theHelpGroupsOptionsByWhatReadsThem() {
    let help = Self.scoped.helpText
    let headings = help.split(separator: "\n").filter { $0.hasSuffix("OPTIONS:") }
    #expect(headings == ["OPTIONS:", "FETCH AND REFETCH OPTIONS:", "REFETCH OPTIONS:", "COMPARE OPTIONS:"])
    #expect(help.contains("FETCH AND REFETCH OPTIONS:\n  --base-url <url>        A server (default: none).\n\n"))
    #expect(help.contains("  -h, --help              Show help information.\n\nFETCH AND REFETCH OPTIONS:"))
  }

  @Test func addedSubcommandsAreParsedAndValidated() throws {
    let compare = BenchSubcommand(
      spec: SubcommandSpec(
        "compare", abstract: "Compare two result files.",
        arguments: [ArgumentSpec("baseline", help: "The baseline CSV."), ArgumentSpec("current", help: "The new CSV.")]
      ),
      validate: { arguments throws(InvalidValue) in
        guard arguments.allSatisfy({ $0.hasSuffix(".csv") }) else { throw InvalidValue("expected two CSV files") }
      }
    ) { _ in .success }
    let commandLine = BenchCommandLine(overview: "O.", suites: [], subcommands: [compare])
    guard case .subcommand(let chosen, let invocation) = try commandLine.parse(["compare", "a.csv", "b.csv"]) else {
      Issue.record("expected compare")
      return
    }
    #expect(chosen.spec.name == "compare")
    #expect(invocation.arguments == ["a.csv", "b.csv"])
    let usage = "bench compare <baseline> <current>"
    #expect(throws: UsageError("Missing expected argument '<current>'", usage: usage)) {
      try commandLine.parse(["compare", "a.csv"])
    }
    #expect(throws: UsageError("Unexpected argument 'c.csv'", usage: usage)) {
      try commandLine.parse(["compare", "a.csv", "b.csv", "c.csv"])
    }
    #expect(throws: UsageError("expected two CSV files", usage: usage)) {
      try commandLine.parse(["compare", "a.txt", "b.csv"])
    }
  }

  @Test func runnerConfigurationAppliesTheOverrides() throws {
    var options = BenchOptions()
    let standard = RunnerConfiguration(iterations: 100, warmUpIterations: 10, maxTime: .seconds(60))
    let quick = RunnerConfiguration(iterations: 10, warmUpIterations: 1, maxTime: .seconds(5))
    #expect(options.runnerConfiguration(standard: standard, quick: quick).iterations == 100)
    options.quick = true
    options.seed = 9
    #expect(
      options.runnerConfiguration(standard: standard, quick: quick)
        == RunnerConfiguration(
          iterations: 10, warmUpIterations: 1, maxTime: .seconds(5), seed: 9))
    options.iterations = 3
    options.maxTime = .seconds(1)
    #expect(options.runnerConfiguration(standard: standard, quick: quick).iterations == 3)
    #expect(options.runnerConfiguration(standard: standard, quick: quick).maxTime == .seconds(1))
    #expect(options.latencies(standard: [.milliseconds(10)], quick: [.milliseconds(1)]) == [.milliseconds(1)])
  }

  @Test func thoroughTakesItsOwnCountsAndIterationsDropThePrecisionTarget() {
    var options = BenchOptions()
    let target = PrecisionTarget(relativeHalfWidth: 0.05, minIterations: 10)
    let standard = RunnerConfiguration(iterations: 40, precision: target)
    let quick = RunnerConfiguration(iterations: 12)
    let thorough = RunnerConfiguration(iterations: 400, warmUpIterations: 5)
    #expect(options.runnerConfiguration(standard: standard, quick: quick, thorough: thorough).precision == target)
    options.thorough = true
    #expect(
      options.runnerConfiguration(standard: standard, quick: quick, thorough: thorough)
        == RunnerConfiguration(iterations: 400, warmUpIterations: 5, seed: BenchOptions.defaultSeed))
    #expect(options.runnerConfiguration(standard: standard, quick: quick).precision == target)
    options.thorough = false
    options.iterations = 25
    let fixed = options.runnerConfiguration(standard: standard, quick: quick, thorough: thorough)
    #expect(fixed.iterations == 25)
    #expect(fixed.precision == nil)
  }
}
