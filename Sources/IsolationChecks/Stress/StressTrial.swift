import BenchKit
import MockNetwork
import ProfileScene

/// Runs one stress trial: real executors, taps at seeded moments, and a
/// network that is either the checker's mock, with seeded latency and
/// failures, or a server's transport.
///
/// Both settle the same way: the trial waits, with a bound, for the
/// ``TapWorkProbe`` of its taps to report that every task they started has
/// finished, and grades the log with the same rules.
struct StressTrial: Sendable {
  /// Where a trial's requests go.
  enum Network: Sendable {
    /// A mock of the trial's own serving `dataset`, with the options' latency and failures.
    case mock(MockDataset)
    /// A server, shared by every trial.
    case server(StressServer)
  }

  /// The scene under test.
  var scene: SceneUnderTest
  /// The checker's configuration.
  var configuration: RefetchCheckConfiguration
  /// How trials are drawn.
  var options: StressOptions
  /// Where the requests go.
  var network: Network
  /// What each tapped user's profile shows, by user id.
  var expectedContent: [String: ProfileContent]

  /// Runs the trial whose timing (and, over the mock, latency and failures) derive from `seed`.
  @MainActor
  func run(seed: UInt64) async -> RefetchTrialResult {
    var generator = SeededGenerator(seed: seed)
    let mock: MockTransport?
    let trialNetwork: TrialNetwork
    switch network {
    case .mock(let dataset):
      let failures =
        options.failureProbability > 0
        ? [FailureRule(.status(500), probability: options.failureProbability)] : []
      let behavior = RouteBehavior(latency: options.latency, failures: failures)
      let transport = MockTransport(
        MockTransport.Configuration(
          dataset: dataset, user: behavior, posts: behavior,
          cancellationStyle: configuration.cancellationStyle, gated: false, seed: generator.next()))
      mock = transport
      trialNetwork = .mock(transport)
    case .server(let server):
      mock = nil
      trialNetwork = .server(RecordingTransport(server.transport), baseURL: server.baseURL)
    }
    let harness = TrialHarness(scene: scene, network: trialNetwork, lateResponses: configuration.lateResponses)

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
      expectedContent: expectedContent)
    if result.leftInFlight > 0, let mock {
      // Keep a leak from running into the next trials' measurements. A
      // server offers no such wait: its requests end on their own.
      try? await mock.waitUntilIdle(timeout: configuration.quiescenceTimeout)
    }
    return result
  }
}
