import CheckerFixtures
import Foundation
import IsolationChecks
import LoopbackTestSupport
import ProfileScene
import Testing
import URLSessionTransport

extension CheckerTrials {
  /// Stress mode over real HTTP, against `scripts/serve.py`: the same trials,
  /// probe, grading and report as over the mock.
  ///
  /// The trials' timing is random by design, so the tests assert only what
  /// holds for every interleaving, or use scenes whose outcome no timing changes.
  @Suite(.timeLimit(.minutes(2))) struct ServerStressCheckTests {
    /// One trial at a time, two taps up to 5 ms apart, no replays.
    static func options(trials: Int, seed: UInt64 = 7) -> StressOptions {
      StressOptions(
        trials: trials, seed: seed, concurrency: 1, maxActionGap: .milliseconds(5), failureProbability: 0,
        deriveReplays: false)
    }

    /// One URLSession for every test, as `bench` has one for its whole run.
    ///
    /// With a transport per test (each invalidating its session at the end,
    /// some data tasks abandoned after a cancellation), LeakSanitizer
    /// reported FoundationNetworking's session, configuration and task
    /// objects at exit, all as indirect leaks, in every run of this suite
    /// (Swift 6.3.1); with one session, alive at exit, it reports none.
    static let transport = URLSessionTransport(timeout: .seconds(10))

    static func server(_ loopback: LoopbackServer, transport: any HTTPTransport = Self.transport) -> StressServer {
      StressServer(transport: transport, baseURL: loopback.baseURL)
    }

    @MainActor
    @Test func theCorrectedSceneShowsNoForbiddenOutcomeOverRealHTTP() async throws {
      try await LoopbackServer.with(["--user-latency", "5ms", "--posts-latency", "5ms"]) { loopback in
        // The bound only keeps a hanging scene from hanging the test: a
        // ThreadSanitizer build on a loaded machine once took over 2 s to settle a trial.
        let checker = RefetchChecker(
          scene: .shipped(.corrected, policy: .latestRequestOnly),
          configuration: CheckConfiguration(actions: 2, cancellationStyle: .urlSession, quiescenceTimeout: .seconds(30))
        )
        let report = try await checker.runStress(Self.options(trials: 12), over: Self.server(loopback))

        #expect(report.trials == 12)
        #expect(report.baseURL == loopback.baseURL)
        #expect(report.notQuiescent == 0, "seed 7")
        #expect(report.violations == 0, "seed 7: \(report.table)")
        #expect(
          report.metrics.requests >= 2 * report.trials, "every trial loads at least its last tap's user and posts")
        #expect(report.table.contains("over a real server: no gates, no injected failures"), "\(report.table)")
      }
    }

    /// The trial settles by the tap-work probe, with its bound, over a server
    /// as over the mock: an interactor that never returns is lost, and the
    /// checker moves on.
    @MainActor
    @Test func aHangingInteractorOverRealHTTPIsLostWithinTheBound() async throws {
      let interactors = HangingInteractors()
      defer { interactors.releaseAll() }
      try await LoopbackServer.with { loopback in
        let checker = RefetchChecker(
          scene: SceneUnderTest("hanging") { _, _ in interactors.make() },
          configuration: CheckConfiguration(actions: 2, quiescenceTimeout: .milliseconds(200)))
        let report = try await checker.runStress(Self.options(trials: 2), over: Self.server(loopback))

        #expect(report.trials == 2)
        #expect(report.count(.lost) == 2, "\(report.table)")
        #expect(report.notQuiescent == 2)
        let example = try #require(report.examples[.lost]?.first)
        #expect(example.unsettledReason == "the taps' tasks had not finished 0.2 seconds after the last tap")
      }
    }

    /// A profile shown from a detached task is outside the tap's work, which
    /// only the probe can tell: the last request counts as lost in every trial.
    @MainActor
    @Test func aProfileShownFromADetachedTaskOverRealHTTPIsLost() async throws {
      try await LoopbackServer.with { loopback in
        // The bound only keeps a hanging scene from hanging the test (as above: a trial under
        // ThreadSanitizer beside the other tests once took over 2 s to settle).
        let checker = RefetchChecker(
          scene: SceneUnderTest("detached") { PresentsFromDetachedTaskInteractor(worker: $0, presenter: $1) },
          configuration: CheckConfiguration(actions: 2, cancellationStyle: .urlSession, quiescenceTimeout: .seconds(30))
        )
        let report = try await checker.runStress(Self.options(trials: 4), over: Self.server(loopback))

        #expect(report.trials == 4)
        #expect(report.count(.lost) == 4, "\(report.table)")
        #expect(report.notQuiescent == 0)
      }
    }

    /// An error the server sent is genuine, not spurious, though no failure
    /// was injected: every trial ends on the last request's error.
    @MainActor
    @Test func anErrorTheServerSentIsGradedGenuine() async throws {
      try await LoopbackServer.with { loopback in
        let transport = PostsFailAfterLoadingTransport(Self.transport, passing: 2)
        // The bound only keeps a hanging scene from hanging the test, as above.
        let checker = RefetchChecker(
          scene: .shipped(.corrected, policy: .latestRequestOnly),
          configuration: CheckConfiguration(actions: 2, cancellationStyle: .urlSession, quiescenceTimeout: .seconds(30))
        )
        let report = try await checker.runStress(
          Self.options(trials: 4), over: Self.server(loopback, transport: transport))

        #expect(report.trials == 4)
        #expect(report.count(.latestOnly) == 4, "\(report.table)")
        #expect(report.count(.spuriousError) == 0)
        #expect(report.metrics.failedRequests >= 4, "at least the last tap's posts failed in every trial")
        let logs = report.examples.values.flatMap { $0 }.map(\.transcript)
        #expect(logs.isEmpty, "\(logs)")
      }
    }

    /// The expected profiles come from the server; without them the checker
    /// does not run (grading by label would let a mislabelled profile pass).
    @MainActor
    @Test func aServerThatCannotServeTheProfilesStopsTheRun() async throws {
      try await LoopbackServer.with(["--user-status", "500"]) { loopback in
        let checker = RefetchChecker(scene: .shipped(.corrected, policy: .latestRequestOnly))
        await #expect(throws: ProfileError.self) {
          _ = try await checker.runStress(Self.options(trials: 1), over: Self.server(loopback))
        }
      }
    }
  }
}
