extension BenchSubcommand {
  /// The `compare` subcommand's declaration.
  public static let compareSpec = SubcommandSpec(
    "compare",
    abstract: "Compare two runs' results (CSV files or Results folders) and flag regressions.",
    arguments: [
      ArgumentSpec("baseline", help: "The baseline: a summary CSV file or a results folder."),
      ArgumentSpec("current", help: "The current run: a summary CSV file or a results folder."),
    ]
  )

  /// The options only `compare` reads.
  public static let compareOptions: [OptionSpec] = [
    .value(
      "threshold", valueName: "percent",
      help: "Change in a median that compare calls improved or regressed, like 2.5% (default: 5%)."
    ) { value throws(InvalidValue) in _ = try ValueParser.percentage(value) },
    .value(
      "ignore", valueName: "columns",
      help: "Comma-separated columns compare leaves out when pairing rows, like variant,latency_ms (default: none)."
    ) { value throws(InvalidValue) in _ = try ValueParser.columnList(value) },
    .value(
      "min-paired", valueName: "percent",
      help:
        "Share of each run's rows that must pair, or compare exits 3 without judging, like 80% (default: 50%)."
    ) { value throws(InvalidValue) in _ = try ValueParser.percentage(value) },
    .flag(
      "allow-incomparable",
      help: "Let compare fail on regressions in rows marked comparable=false (default: off)."
    ),
  ]

  /// `bench compare <baseline> <current>`: pairs the rows of two runs and
  /// judges each change in median against `--threshold`.
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
      let inputs = try ComparisonInputs(baseline: arguments[0], current: arguments[1])
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
    let usage = UsageError("", usage: "bench \(compareSpec.name) <baseline> <current>")
    var settings = ComparisonSettings(bootstrap: BootstrapConfiguration(seed: options.seed))
    settings.allowIncomparable = options.isSet("allow-incomparable")
    do throws(InvalidValue) {
      if let threshold = options.value(of: "threshold") {
        settings.threshold = try ValueParser.percentage(threshold)
      }
      if let share = options.value(of: "min-paired") {
        settings.minimumPairedShare = try ValueParser.percentage(share)
      }
      if let ignored = options.value(of: "ignore") {
        settings.ignoredColumns = Set(try ValueParser.columnList(ignored))
      }
      let inputs = try ComparisonInputs(baseline: invocation.arguments[0], current: invocation.arguments[1])
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
