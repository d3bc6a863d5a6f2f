extension BenchOptions {
  /// `--quick`.
  static let quickFlag = SuiteFlag(
    "quick",
    help: "Use the smaller iteration counts and latency grids each suite chooses, a smoke test of about 10 s "
      + "for the default suites")
  /// `--thorough`.
  static let thoroughFlag = SuiteFlag(
    "thorough",
    help: "Measure the fixed, larger counts instead of stopping each figure once its interval is tight: about "
      + "140 s for the default suites on two quiet cores, 300 s on a loaded one")
  /// `--verbose`.
  static let verboseFlag = SuiteFlag(
    "verbose", help: "Print each suite's long tables and notes instead of its compact table")
  /// `--iterations`.
  static let iterationsOption = SuiteOption(
    "iterations", valueName: "n", help: "Measured iterations per variant, a fixed count instead of a precision target",
    absent: "chosen by each suite",
    parse: ValueParser.positiveInteger)
  /// `--warmup`.
  static let warmUpOption = SuiteOption(
    "warmup", valueName: "n", help: "Warm-up iterations per variant, discarded before measuring",
    absent: "chosen by each suite", parse: ValueParser.nonNegativeInteger)
  /// `--max-time`.
  static let maxTimeOption = SuiteOption(
    "max-time", valueName: "duration", help: "Cap on each suite's wall time, like 30s or 500ms",
    absent: "chosen by each suite", parse: ValueParser.positiveDuration)
  /// `--latency`.
  static let latencyOption = SuiteOption(
    "latency", valueName: "durations", help: "Comma-separated simulated latencies, like 1ms,10ms",
    absent: "chosen by each suite", parse: ValueParser.durationList)
  /// `--jitter`.
  static let jitterFlag = SuiteFlag(
    "jitter", help: "Measure only jittered simulated latencies, not each suite's default mix")
  /// `--seed`.
  static let seedOption = SuiteOption(
    "seed", valueName: "n", help: "Seed of every random choice, so that a run can be repeated", default: defaultSeed,
    parse: ValueParser.seed)
  /// `--output`.
  static let outputOption = SuiteOption(
    "output", valueName: "directory",
    help: "Directory that receives the CSV files and the summary page; Results publishes a run",
    default: defaultOutputDirectory
  ) { text throws(InvalidValue) in
    guard !text.isEmpty else { throw InvalidValue("expected a directory path") }
    return text
  }
  /// `--format`.
  static let formatOption = SuiteOption(
    "format", valueName: "format", help: "Format of the results printed to standard output: table, markdown or json",
    default: OutputFormat.table)

  /// The declarations of the standard options, in the order the help lists them.
  static let standardOptions: [OptionSpec] = [
    quickFlag.spec, thoroughFlag.spec, iterationsOption.spec, warmUpOption.spec, maxTimeOption.spec, latencyOption.spec,
    jitterFlag.spec, seedOption.spec, outputOption.spec, formatOption.spec, verboseFlag.spec,
  ]
}
