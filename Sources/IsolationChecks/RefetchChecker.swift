import BenchKit
import Foundation
import MockNetwork
import ScreenChecks

/// Checks cancel-on-refetch in a profile scene: taps "refresh" several times
/// at chosen moments relative to the network's answers, waits until the scene
/// is quiescent, and grades what the user saw.
///
/// The profile scene is one instance of the checker's core
/// (``ScreenChecker``): its taps are the core's load actions, its two
/// requests the calls of endpoints `u` and `p`, its view controller's
/// displays the core's displays. The checker owns the transport (its own
/// answers, or a server's transport in stress mode, see
/// ``runStress(_:over:)``) and the main actor. Every wait has a bound: a
/// scene that never becomes quiescent (an interactor that hangs) is counted
/// as ``ScreenOutcome/lost`` with its schedule, never waited on forever.
///
/// ```swift
/// let checker = RefetchChecker(
///   scene: SceneUnderTest("mine") { MyInteractor(worker: $0, presenter: $1) },
///   configuration: CheckConfiguration(actions: 3, cancellationStyle: .urlSession))
/// let report = await checker.runSystematic()
/// print(report.table)
/// if report.violations > 0 { print(report.examples) }
/// ```
///
/// - Important: run it on the main actor.
@MainActor
public struct RefetchChecker {
  /// The scene under test.
  public var scene: SceneUnderTest
  /// Taps, network and expectation.
  public var configuration: CheckConfiguration
  /// What every trial's network serves.
  var dataset = TrialDataset.make()

  /// Creates a checker.
  /// - Parameters:
  ///   - scene: the scene under test.
  ///   - configuration: taps, network and expectation; the defaults otherwise.
  public init(scene: SceneUnderTest, configuration: CheckConfiguration = .init()) {
    self.scene = scene
    self.configuration = configuration
  }

  /// The core's checker on this scene, over the checker's own network.
  var core: ScreenChecker {
    ScreenChecker(
      scene.checked(dataset: dataset, expectedContent: TrialDataset.expectedContent(of: dataset)),
      configuration: configuration)
  }

  /// Enumerates every ordering of taps and answers (up to the options' tap
  /// limit), or explores seeded random orderings (above it).
  ///
  /// Works the same for an interactor on an actor of its own and for one
  /// isolated to the main actor. The run stops at ``SystematicOptions/budget``;
  /// a schedule whose scene does not settle is counted as
  /// ``ScreenOutcome/lost``, with the reason in its transcript.
  /// - Parameter options: seed, limits, failure injection and the time budget.
  /// - Returns: the outcome table; the same seed gives the same table. A
  ///   scene the checker cannot check (an interactor that never calls the
  ///   worker, say) gets a report of no trials whose
  ///   ``ScreenReport/refusal`` says why, in one line, and which counts as
  ///   one violation.
  public func runSystematic(_ options: SystematicOptions = .init()) async -> ScreenReport {
    let core = core
    do {
      return try await core.runSystematic(options)
    } catch {
      return core.refusedReport(error, mode: .systematic(exhaustive: true), seed: options.seed)
    }
  }

  /// Runs trials on real executors with seeded random tap timing, latency and failures.
  /// - Parameter options: trial count, concurrency, timing and seed.
  /// - Returns: the outcome table; counts vary from run to run, as real timing does.
  public func runStress(_ options: StressOptions = .init()) async -> ScreenReport {
    let core = core
    do {
      return try await core.runStress(options)
    } catch {
      return core.refusedReport(error, mode: .stress, seed: options.seed)
    }
  }

  /// Runs the stress trials against a server instead of the checker's own
  /// network: real executors, seeded random tap timing, and whatever latency
  /// and answers the server gives.
  ///
  /// Before the trials, the checker loads each tapped user's profile from
  /// the server once (tap `n` asks for user `n`), so that every display is
  /// graded by the user it shows, as over the checker's network. Trials
  /// settle, are graded and are counted exactly as there: each waits, with
  /// the configuration's ``CheckConfiguration/quiescenceTimeout``, for
  /// every task its taps started to finish, and a trial that does not is
  /// ``ScreenOutcome/lost``.
  ///
  /// A real network has none of the checker's controls, and the report does
  /// not pretend otherwise:
  /// - no gates: there is no systematic mode over a server;
  /// - no failure injection: ``StressOptions/latency`` and
  ///   ``StressOptions/failureProbability`` are ignored, and an error is
  ///   genuine only when the server answered outside 2xx or the transport
  ///   failed with something other than a cancellation;
  /// - calls, and the ones left in flight, are what the client's side of
  ///   the wire saw;
  /// - no replays: ``StressOptions/deriveReplays`` is ignored, since a
  ///   schedule is a sequence of the checker's answers.
  ///
  /// - Parameters:
  ///   - options: trial count, concurrency, tap timing and seed. One trial
  ///     at a time (`concurrency: 1`) keeps the trials from loading the
  ///     server, and each other's tap timing, with their own requests.
  ///   - server: the transport and API root to run against.
  /// - Returns: the outcome table, with ``ScreenReport/baseURL`` set.
  /// - Throws: the first error met while loading the expected profiles.
  public func runStress(_ options: StressOptions = .init(), over server: StressServer) async throws
    -> ScreenReport
  {
    let expectedContent = try await server.loadExpectedContent(taps: configuration.actions)
    let screen = scene.checked(dataset: dataset, expectedContent: expectedContent, server: server)
    let checker = ScreenChecker(screen, configuration: configuration)
    let trial = StressTrial(
      screen: checker.checkedScreen, configuration: configuration, options: options,
      network: .live)
    var report: ScreenReport
    do {
      report = try await checker.stress(trial, options: options)
    } catch {
      report = checker.refusedReport(error, mode: .stress, seed: options.seed)
    }
    report.baseURL = server.baseURL
    return report
  }

  /// Reruns exactly the systematic trial `schedule` describes.
  /// - Parameter schedule: a schedule from a report.
  /// - Returns: the trial; its ``ScreenTrialResult/transcript`` is the
  ///   display log. A schedule the scene cannot follow is never another
  ///   path's verdict: the result says ``ScreenTrialResult/diverged``, and
  ///   so does a scene the checker refuses (its reason is the transcript's).
  public func replay(_ schedule: ScreenSchedule) async -> ScreenTrialResult {
    do {
      return try await core.replay(schedule, skippingUnanswerable: false)
    } catch {
      return ScreenTrialResult(refused: error, schedule: schedule)
    }
  }

  /// Reruns exactly the systematic trial `schedule` describes, or says
  /// where the scene could not follow it.
  /// - Parameter schedule: a schedule from a report.
  /// - Returns: the trial; its ``ScreenTrialResult/transcript`` is the display log.
  /// - Throws: ``ScreenDescriptionError/replayNotFollowed(screen:schedule:step:offered:)``
  ///   naming the step the trial could not take and the choices it had there.
  public func replayFollowing(_ schedule: ScreenSchedule) async throws(ScreenDescriptionError)
    -> ScreenTrialResult
  {
    try await core.replay(schedule)
  }
}
