/// Runs benchmark variants one at a time, interleaved in seeded random order.
///
/// A run warms up, then measures in rounds: each round runs every variant
/// once, in an order drawn from an ``InterleavingSchedule``, so slow drift of
/// the machine falls on every variant alike. Warm-up rounds use their own
/// seeded order and their samples are discarded. With a
/// ``RunnerConfiguration/precision`` target, a variant leaves the rounds as
/// soon as its median is known well enough (see ``PrecisionTarget``). The run
/// ends when every variant has ``RunnerConfiguration/iterations`` samples or
/// has met the target, when the time cap
/// passes, or when the interrupt flag is raised (or the task cancelled);
/// the last two are checked before every iteration, and what was measured is
/// kept and flagged in the ``RunResult``.
///
/// The runner is nonisolated: call it from the main actor or from any
/// nonisolated async context. Bodies run sequentially and may hop to the
/// main actor themselves.
///
/// The clock only decides the warm-up time and the time cap; bodies do their
/// own timing. Tests pass a manual clock to exercise those without sleeping.
public struct InterleavedRunner<RunnerClock: Clock>: Sendable where RunnerClock.Duration == Duration {
  /// Counts, warm-up, time cap and seed.
  public var configuration: RunnerConfiguration
  /// Receives the phases and per-round progress.
  public var progress: any ProgressSink
  /// Checked before every iteration.
  public var interrupt: InterruptFlag
  /// Decides the warm-up time and the time cap.
  public var clock: RunnerClock

  /// Creates a runner on any clock.
  /// - Parameters:
  ///   - configuration: counts, warm-up, time cap and seed.
  ///   - progress: receives progress events.
  ///   - interrupt: checked before every iteration.
  ///   - clock: decides the warm-up time and time cap.
  public init(
    configuration: RunnerConfiguration,
    progress: any ProgressSink = SilentProgress(),
    interrupt: InterruptFlag = InterruptFlag(),
    clock: RunnerClock
  ) {
    self.configuration = configuration
    self.progress = progress
    self.interrupt = interrupt
    self.clock = clock
  }

  /// Runs the variants.
  /// - Parameter variants: what to measure; at least one, names unique.
  /// - Returns: raw samples and flags per variant.
  /// - Throws: ``RunnerError`` if a body throws or returns the wrong number of values.
  public func run(_ variants: [BenchmarkVariant]) async throws(RunnerError) -> RunResult {
    precondition(!variants.isEmpty, "an interleaved run needs at least one variant")
    precondition(Set(variants.map(\.name)).count == variants.count, "variant names must be unique")
    let start = clock.now
    let deadline = configuration.maxTime.map { start.advanced(by: $0) }
    var stopReason: RunResult.StopReason?

    func shouldStop() -> RunResult.StopReason? {
      if interrupt.isRaised || Task.isCancelled { return .interrupted }
      if let deadline, clock.now >= deadline { return .timeCap }
      return nil
    }

    var warmUpSchedule = InterleavingSchedule(variantCount: variants.count, seed: configuration.seed ^ 0x5741_524D)
    var warmUpRounds = 0
    if configuration.warmUpIterations > 0 || configuration.warmUpTime > .zero {
      progress.report(.phaseStarted(phase: "warm-up", totalSteps: configuration.warmUpIterations))
      warmUp: while warmUpRounds < configuration.warmUpIterations
        || start.duration(to: clock.now) < configuration.warmUpTime
      {
        for index in warmUpSchedule.nextRound() {
          if let reason = shouldStop() {
            stopReason = reason
            break warmUp
          }
          guard try await iterate(variants[index]) != nil else {
            stopReason = .interrupted
            break warmUp
          }
        }
        warmUpRounds += 1
        if warmUpRounds <= configuration.warmUpIterations {
          progress.report(.stepsCompleted(warmUpRounds, of: configuration.warmUpIterations))
        }
      }
    }

    let iterations = configuration.iterations
    let precision = configuration.precision
    var samples = variants.map { variant in
      variant.metrics.map { SampleSet(metric: $0, reservingCapacity: iterations) }
    }
    var completed = [Int](repeating: 0, count: variants.count)
    var converged = [Bool](repeating: false, count: variants.count)
    var nextCheck = [Int](repeating: precision?.nextCheck(after: 0) ?? iterations, count: variants.count)
    var schedule = InterleavingSchedule(variantCount: variants.count, seed: configuration.seed)
    if stopReason == nil {
      progress.report(.phaseStarted(phase: "measuring", totalSteps: iterations))
      measuring: for round in 0..<iterations {
        // The order is drawn for every variant each round, so that a
        // variant leaving the run does not change the others' draws.
        for index in schedule.nextRound() where !converged[index] {
          if let reason = shouldStop() {
            stopReason = reason
            break measuring
          }
          guard let values = try await iterate(variants[index]) else {
            stopReason = .interrupted
            break measuring
          }
          for (metric, value) in values.enumerated() {
            samples[index][metric].append(value)
          }
          completed[index] += 1
          if let precision, completed[index] >= nextCheck[index] {
            converged[index] = precision.isMet(by: samples[index][0].values)
            nextCheck[index] = precision.nextCheck(after: completed[index])
          }
        }
        progress.report(.stepsCompleted(round + 1, of: iterations))
        if !converged.contains(false) { break }
      }
    }

    let results = variants.indices.map { index in
      let isShort = completed[index] < iterations && !converged[index]
      return VariantResult(
        name: variants[index].name,
        parameters: variants[index].parameters,
        metrics: samples[index],
        completedIterations: completed[index],
        requestedIterations: iterations,
        truncatedByTimeCap: isShort && stopReason == .timeCap,
        interrupted: isShort && stopReason == .interrupted,
        converged: precision.map { _ in converged[index] || precisionMet(samples[index][0].values, precision) }
      )
    }
    return RunResult(
      variants: results,
      configuration: configuration,
      warmUpRounds: warmUpRounds,
      elapsed: start.duration(to: clock.now),
      stopReason: stopReason
    )
  }

  /// Whether samples that ended the run without a check on their last count meet the target.
  private func precisionMet(_ values: [Double], _ precision: PrecisionTarget?) -> Bool {
    precision?.isMet(by: values) ?? false
  }

  /// Runs one iteration; `nil` when it was cancelled because of an interrupt.
  private func iterate(_ variant: BenchmarkVariant) async throws(RunnerError) -> [Double]? {
    let values: [Double]
    do {
      values = try await variant.body()
    } catch is CancellationError where interrupt.isRaised || Task.isCancelled {
      return nil
    } catch {
      throw .bodyFailed(variant: variant.name, error: error)
    }
    guard values.count == variant.metrics.count else {
      throw .wrongMetricCount(variant: variant.name, expected: variant.metrics.count, returned: values.count)
    }
    return values
  }
}

extension InterleavedRunner where RunnerClock == ContinuousClock {
  /// Creates a runner on `ContinuousClock`.
  /// - Parameters:
  ///   - configuration: counts, warm-up, time cap and seed.
  ///   - progress: receives progress events.
  ///   - interrupt: checked before every iteration.
  public init(
    configuration: RunnerConfiguration,
    progress: any ProgressSink = SilentProgress(),
    interrupt: InterruptFlag = InterruptFlag()
  ) {
    self.init(configuration: configuration, progress: progress, interrupt: interrupt, clock: ContinuousClock())
  }
}
