import BenchKit
import MockNetwork
import ProfileScene

/// Runs one stress trial: real executors, a transport with seeded latency and
/// failures, and taps at seeded moments.
struct StressTrial: Sendable {
  /// The scene under test.
  var scene: SceneUnderTest
  /// The checker's configuration.
  var configuration: RefetchCheckConfiguration
  /// How trials are drawn.
  var options: StressOptions
  /// What the mock serves.
  var dataset: MockDataset

  /// Runs the trial whose timing, latency and failures derive from `seed`.
  @MainActor
  func run(seed: UInt64) async -> RefetchTrialResult {
    var generator = SeededGenerator(seed: seed)
    let failures =
      options.failureProbability > 0
      ? [FailureRule(.status(500), probability: options.failureProbability)] : []
    let behavior = RouteBehavior(latency: options.latency, failures: failures)
    let transport = MockTransport(
      MockTransport.Configuration(
        dataset: dataset, user: behavior, posts: behavior,
        cancellationStyle: configuration.cancellationStyle, gated: false, seed: generator.next()))
    let harness = TrialHarness(
      scene: scene, transport: transport, lateResponses: configuration.lateResponses)

    harness.tap()
    var previous = ContinuousClock.now
    for _ in 1..<configuration.taps {
      let deadline = previous + options.maxTapGap * generator.nextUnitDouble()
      try? await Task.sleep(until: deadline, tolerance: .zero, clock: .continuous)
      harness.tap()
      previous = deadline
    }
    let quiescent = await harness.waitForTapWork(timeout: configuration.quiescenceTimeout)
    let result = TrialGrading.result(
      harness: harness, schedule: nil, quiescent: quiescent, failedChecks: [], diverged: false,
      quietSettles: 0,
      unsettledReason: "the taps' tasks had not finished \(configuration.quiescenceTimeout) after the last tap",
      dataset: dataset)
    if result.leftInFlight > 0 {
      // Keep a leak from running into the next trials' measurements.
      try? await transport.waitUntilIdle(timeout: configuration.quiescenceTimeout)
    }
    return result
  }
}
