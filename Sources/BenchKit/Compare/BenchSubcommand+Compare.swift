extension BenchSubcommand {
  /// The `compare` subcommand's declaration.
  public static let compareSpec = SubcommandSpec(
    "compare",
    abstract: "Compare two runs' results (CSV files or Results folders) and flag regressions.",
    arguments: [
      ArgumentSpec(
        "baseline",
        help: "The baseline: a summary CSV file or a results folder; the published run, Results, when only one "
          + "run or none is given", isOptional: true),
      ArgumentSpec(
        "current",
        help: "The current run: a summary CSV file or a results folder; bench's latest run, "
          + "\(BenchOptions.defaultOutputDirectory), when none is given", isOptional: true),
    ]
  )

  /// `--threshold`: the change in a median that counts.
  static let thresholdOption = SuiteOption(
    "threshold", valueName: "percent",
    help: "Change in a median that compare calls improved or regressed, like 2.5%",
    default: ComparisonSettings.defaultThreshold,
    shownAs: ValueParser.percentageText(ComparisonSettings.defaultThreshold),
    parse: ValueParser.percentage
  )
  /// `--ignore`: columns left out of the pairing.
  static let ignoreOption = SuiteOption(
    "ignore", valueName: "columns",
    help: "Comma-separated columns compare leaves out when pairing rows, like variant,latency_ms",
    default: [], shownAs: "none", parse: ValueParser.columnList
  )
  /// `--min-paired`: the share of each run's rows that must pair.
  static let minimumPairedOption = SuiteOption(
    "min-paired", valueName: "percent",
    help: "Share of each run's rows that must pair, or compare exits 3 without judging, like 80%",
    default: ComparisonSettings.defaultMinimumPairedShare,
    shownAs: ValueParser.percentageText(ComparisonSettings.defaultMinimumPairedShare),
    parse: ValueParser.percentage
  )
  /// `--allow-incomparable`: non-comparable rows may fail the comparison.
  static let allowIncomparableFlag = SuiteFlag(
    "allow-incomparable", help: "Let compare fail on regressions in rows marked comparable=false"
  )

  /// The options only `compare` reads.
  public static let compareOptions: [OptionSpec] = [
    thresholdOption.spec, ignoreOption.spec, minimumPairedOption.spec, allowIncomparableFlag.spec,
  ]

  /// The runs `compare` was given: both, the current one against the
  /// published run, or, with none, bench's latest run against the
  /// published one.
  package static func comparedRuns(_ arguments: [String]) -> (baseline: String, current: String) {
    switch arguments.count {
    case 0: (BenchOptions.publishedResultsDirectory, BenchOptions.defaultOutputDirectory)
    case 1: (BenchOptions.publishedResultsDirectory, arguments[0])
    default: (arguments[0], arguments[1])
    }
  }

  /// `bench compare [<baseline>] [<current>]`: pairs the rows of two runs and
  /// judges each change in median against `--threshold`. `bench compare`
  /// alone sets the latest run beside the published one.
  ///
  /// Exits with ``BenchExitCode/performanceRegression`` when a row regressed
  /// (not counting non-comparable rows unless `--allow-incomparable`),
  /// ``BenchExitCode/tooFewRowsPaired`` when no row paired or fewer than
  /// `--min-paired` of either run's rows did, ``BenchExitCode/usage`` for bad
  /// input, and ``BenchExitCode/success`` otherwise, noisy rows included. See ``TableComparison`` for the rules.
  public static let compare = BenchSubcommand(
    spec: compareSpec,
    options: compareOptions,
    standardOptions: ["seed", "format"],
    validate: { arguments throws(InvalidValue) in
      let runs = comparedRuns(arguments)
      let inputs = try ComparisonInputs(baseline: runs.baseline, current: runs.current)
      for pair in inputs.pairs {
        _ = try ComparisonSide(reading: pair.baseline)
        _ = try ComparisonSide(reading: pair.current)
      }
    },
    run: { invocation in runCompare(invocation) }
  )

  static func runCompare(_ invocation: Invocation) -> BenchExitCode {
    let options = invocation.options
    let console = invocation.console
    let usage = UsageError("", usage: "bench \(compareSpec.name) [<baseline>] [<current>]")
    let settings = ComparisonSettings(
      threshold: options[thresholdOption],
      ignoredColumns: Set(options[ignoreOption]),
      allowIncomparable: options[allowIncomparableFlag],
      bootstrap: BootstrapConfiguration(seed: options.seed),
      minimumPairedShare: options[minimumPairedOption]
    )
    do throws(InvalidValue) {
      let runs = comparedRuns(invocation.arguments)
      let inputs = try ComparisonInputs(baseline: runs.baseline, current: runs.current)
      var tables: [TableComparison] = []
      for pair in inputs.pairs {
        tables.append(
          try TableComparison(
            baseline: try ComparisonSide(reading: pair.baseline), current: try ComparisonSide(reading: pair.current),
            settings: settings))
      }
      let known = Set(tables.flatMap(\.pairingColumns))
      if let unknown = settings.ignoredColumns.sorted().first(where: { !known.contains($0) }) {
        throw InvalidValue(
          "The column '\(unknown)' given to '--ignore <columns>' does not pair rows in any compared table")
      }
      if settings.ignoredColumns.contains("metric") {
        throw InvalidValue("The column 'metric' given to '--ignore <columns>' always pairs rows")
      }
      let report = ComparisonReport(tables: tables, inputs: inputs, settings: settings)
      console.writeOutput(report.output(format: options.format))
      console.writeError(report.errors)
      return report.exitCode
    } catch {
      var rendered = usage
      rendered.message = error.reason
      console.writeError(rendered.rendered(commandName: "bench"))
      return .usage
    }
  }
}
