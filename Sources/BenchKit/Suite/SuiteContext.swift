/// What a suite gets to run with.
public struct SuiteContext: Sendable {
  /// The validated command-line options.
  public var options: BenchOptions
  /// The machine and build, for notes; the driver appends it to every table.
  public var environment: BenchEnvironment
  /// Where to report phases and progress.
  public var progress: any ProgressSink
  /// Raised by Ctrl-C: stop at the next safe point and report what was measured.
  public var interrupt: InterruptFlag

  /// Creates a context (the driver does this; tests may too).
  /// - Parameters:
  ///   - options: the validated options.
  ///   - environment: the machine and build.
  ///   - progress: where to report progress.
  ///   - interrupt: the interrupt flag.
  public init(
    options: BenchOptions,
    environment: BenchEnvironment,
    progress: any ProgressSink = SilentProgress(),
    interrupt: InterruptFlag = InterruptFlag()
  ) {
    self.options = options
    self.environment = environment
    self.progress = progress
    self.interrupt = interrupt
  }

  /// Bootstrap settings seeded from `--seed`: 1000 resamples, 95 %.
  public var bootstrap: BootstrapConfiguration {
    BootstrapConfiguration(seed: options.seed)
  }

  /// A generator for the suite's own random choices, fixed by `--seed` and `stream`.
  /// - Parameter stream: tells apart independent uses within one suite.
  /// - Returns: the generator.
  public func makeGenerator(stream: UInt64 = 0) -> SeededGenerator {
    var base = SeededGenerator(seed: options.seed ^ (stream &* 0x9E37_79B9_7F4A_7C15))
    return base.split()
  }

  /// A runner on `ContinuousClock` reporting to this context's progress and interrupt.
  /// - Parameter configuration: counts, warm-up, cap and seed.
  /// - Returns: the runner.
  public func runner(configuration: RunnerConfiguration) -> InterleavedRunner<ContinuousClock> {
    InterleavedRunner(configuration: configuration, progress: progress, interrupt: interrupt)
  }

  /// Runs variants interleaved (see ``InterleavedRunner``).
  /// - Parameters:
  ///   - variants: what to measure.
  ///   - configuration: counts, warm-up, cap and seed; see ``BenchOptions/runnerConfiguration(standard:quick:)``.
  /// - Returns: raw samples and flags per variant.
  /// - Throws: ``RunnerError`` if a body fails.
  public func run(
    _ variants: [BenchmarkVariant],
    configuration: RunnerConfiguration
  ) async throws(RunnerError) -> RunResult {
    try await runner(configuration: configuration).run(variants)
  }
}
