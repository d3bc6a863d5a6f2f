/// A named group of benchmarks or checks that `bench` can run.
///
/// A suite decides its own variants, counts and quick defaults, runs them
/// with the context's runner (or its own loop, checking the interrupt flag),
/// and returns a ``SuiteReport``: tables to write, a headline to print,
/// notes, and any broken invariant or regression. The driver does the rest:
/// command line, environment, banner, files, exit status.
///
/// ```swift
/// struct ClockReadSuite: BenchSuite {
///   /// `--reads N`: declared once, with its parser and default.
///   static let reads = SuiteOption(
///     "reads", valueName: "n", help: "Clock reads per iteration", default: 1, parse: ValueParser.positiveInteger)
///   let name = "clock-read"
///   let summary = "Cost of reading ContinuousClock."
///   var options: [OptionSpec] { [Self.reads.spec] }
///   func estimatedDuration(for options: BenchOptions) -> Duration {
///     .milliseconds(options.iterations(standard: 1_000, quick: 100))
///   }
///   func run(in context: SuiteContext) async throws -> SuiteReport {
///     let configuration = context.options.runnerConfiguration(
///       standard: RunnerConfiguration(iterations: 1_000, warmUpIterations: 10),
///       quick: RunnerConfiguration(iterations: 100, warmUpIterations: 2))
///     let reads = context.options[Self.reads]  // an Int, already validated; 1 if not given
///     let result = try await context.run(
///       [.timed(name: "now") { for _ in 0..<reads { blackHole(ContinuousClock.now) } }],
///       configuration: configuration)
///     let summary = result.summaryTable(bootstrap: context.bootstrap)
///     return SuiteReport(tables: [.init(name: name, table: summary)], headline: summary, run: result)
///   }
/// }
/// ```
public protocol BenchSuite: Sendable {
  /// The name used on the command line and for files, in kebab case, like `parallel-fetch`.
  var name: String { get }
  /// One sentence for `bench list`.
  var summary: String { get }
  /// Whether `bench` without suite names runs it; `true` by default.
  var runsByDefault: Bool { get }
  /// Options only this suite reads, added to the command line; none by default.
  ///
  /// Declare each as a ``SuiteOption`` or ``SuiteFlag``, list its `spec`
  /// here, and read its parsed value with `context.options[Self.someOption]`.
  var options: [OptionSpec] { get }
  /// The standard options (``BenchCommandLine/standardOptions``) this suite
  /// reads, like `iterations` or `latency`; all of them by default. A
  /// standard option that no suite of a run reads is refused, so a suite
  /// that ignores one should leave it out. `output` and `format` are read
  /// by the driver and always accepted.
  var standardOptions: Set<String> { get }
  /// The names of the charts `scripts/plot.py` draws from this suite's
  /// tables, like `parallel-fetch-speedup`; `SUMMARY.md` links each as
  /// `plots/<name>.png`. None by default.
  var charts: [String] { get }

  /// How long the suite expects to run with these options, printed before a run.
  /// - Parameter options: the validated options.
  /// - Returns: the estimate.
  func estimatedDuration(for options: BenchOptions) -> Duration

  /// Runs the suite.
  ///
  /// - Important: called from a nonisolated context; hop to the main actor
  ///   where the code under test needs it.
  /// - Parameter context: options, environment, progress and the interrupt flag.
  /// - Returns: what to write and print.
  /// - Throws: anything that makes the suite's results meaningless; the driver
  ///   reports it and exits with ``BenchExitCode/internalError``.
  func run(in context: SuiteContext) async throws -> SuiteReport
}

extension BenchSuite {
  /// Runs by default.
  public var runsByDefault: Bool { true }

  /// No suite-specific options.
  public var options: [OptionSpec] { [] }

  /// Every standard option.
  public var standardOptions: Set<String> { BenchCommandLine.standardOptionNames }

  /// No charts.
  public var charts: [String] { [] }
}
