import BenchKit
import Foundation
import IsolationChecks
import MockNetwork
import ProfileScene
import URLSessionTransport

/// One of the eight scenes `refetch-cancel` stresses over real HTTP: an
/// interactor behind a view policy, with cancellation as URLSession reports
/// it (`URLError(.cancelled)`).
struct RefetchHTTPVariant: Sendable, Hashable, CustomStringConvertible {
  /// The interactor.
  var interactor: InteractorVariant
  /// The view policy.
  var policy: ViewPolicy

  /// All eight: interactor × policy, seed first.
  static let all: [RefetchHTTPVariant] = InteractorVariant.allCases.flatMap { interactor in
    ViewPolicy.allCases.map { RefetchHTTPVariant(interactor: interactor, policy: $0) }
  }

  /// `seed/seed/url-session-real` … `corrected/latest-request-only/url-session-real`.
  var name: String { "\(interactor)/\(policy)/url-session-real" }

  var description: String { name }

  /// Whether this is a corrected scene, whose forbidden outcomes break the contract.
  var isCorrectedScene: Bool { interactor.isCorrected && policy == .latestRequestOnly }
}

/// One stress trial over real HTTP: what the screen showed and how it was graded.
struct RefetchHTTPTrial: Sendable {
  /// The grading of the log.
  var verdict: RefetchVerdict
  /// Whether the scene became quiescent within the bound.
  var settled: Bool
  /// The view controller's log.
  var log: [ViewEvent]
  /// The trial's transport requests.
  var requests: [RequestRecord]
}

/// Stress mode of the refetch check over real HTTP: taps "refresh" with
/// seeded random gaps against a server, and grades the view controller's
/// log with the checker's rules (``RefetchClassifier``).
///
/// Systematic mode cannot run here: it orders taps and answers with the
/// mock's gates, and a real server has none. Nor can the checker's resource
/// checks, which read the mock's state; these trials grade what the user saw.
///
/// A trial is quiescent when every tap's fetch call has returned, every
/// transport request it made has ended, and the log and the requests stay
/// unchanged for ``quietTurns`` short pauses on the main actor: without gates
/// nothing else says that a presentation is not still on its way (the guide's
/// interactor returns from `fetchProfile` before its load ends). A trial that
/// does not settle within ``settleTimeout`` counts as lost.
///
/// - Important: runs on the main actor, which the scene's view shares.
@MainActor
struct RefetchHTTPStress {
  /// How many unchanged checks in a row make a trial quiescent.
  static let quietTurns = 8
  /// The pause between two checks.
  static let turnPause = Duration.milliseconds(1)

  /// The server's API root.
  var baseURL: URL
  /// The network every trial shares; each trial records its own requests.
  var transport: any HTTPTransport
  /// Taps per trial.
  var taps: Int
  /// The longest pause between two taps; each is drawn uniformly up to it.
  var maxTapGap: Duration
  /// The bound on a trial's wait for quiescence.
  var settleTimeout: Duration
  /// What each tapped user's profile shows on this server, by user id (see
  /// ``loadExpectedContent()``); empty grades displays by their labels.
  var expectedContent: [String: ProfileContent] = [:]

  /// Creates a stress run against `baseURL`.
  /// - Parameters:
  ///   - baseURL: the server's API root.
  ///   - taps: taps per trial.
  ///   - maxTapGap: the longest pause between two taps.
  ///   - settleTimeout: the bound on a trial's wait; 10 seconds by default,
  ///     far above a healthy trial (tens of milliseconds) so that only a scene
  ///     that hangs, not a slow or loaded machine, is counted as lost.
  ///   - transport: the shared network; a URLSession with a 10-second timeout by default.
  init(
    baseURL: URL, taps: Int, maxTapGap: Duration, settleTimeout: Duration = .seconds(10),
    transport: any HTTPTransport = URLSessionTransport(timeout: .seconds(10))
  ) {
    self.baseURL = baseURL
    self.taps = taps
    self.maxTapGap = maxTapGap
    self.settleTimeout = settleTimeout
    self.transport = transport
  }

  /// Measures the server's latency for one profile load (user and posts in
  /// parallel), the median of a few warm-up loads, which also open the
  /// session's connections.
  /// - Parameter loads: how many loads to time.
  /// - Returns: the median latency of a request.
  /// - Throws: the first error a load met.
  func measureLatency(loads: Int = 5) async throws -> Duration {
    let recording = RecordingTransport(transport)
    let worker = ProfileWorker(transport: recording, baseURL: baseURL)
    for _ in 0..<loads {
      async let user = worker.fetchUser(id: "1")
      async let posts = worker.fetchPosts(userId: 1)
      _ = try await (user, posts)
    }
    let latencies = recording.records.compactMap(\.achievedLatency).sorted()
    return latencies.isEmpty ? .zero : latencies[latencies.count / 2]
  }

  /// Loads, once, the profile of every user a trial taps for (tap `n` asks
  /// for user `n`), so that trials grade each display by the user it shows
  /// rather than by the request the interactor labelled it with.
  /// - Returns: the content of each user's profile, by user id.
  /// - Throws: the first error a load met.
  func loadExpectedContent() async throws -> [String: ProfileContent] {
    let worker = ProfileWorker(transport: transport, baseURL: baseURL)
    var content: [String: ProfileContent] = [:]
    for user in 1...max(taps, 2) {
      let id = String(user)
      content[id] = ProfileContent(
        user: try await worker.fetchUser(id: id), posts: try await worker.fetchPosts(userId: user))
    }
    return content
  }

  /// Runs `trials` trials of `variant`.
  /// - Parameters:
  ///   - variant: the scene.
  ///   - trials: how many trials.
  ///   - seed: the seed the trials' tap gaps derive from; the same for every variant.
  ///   - shouldStop: checked between trials; `true` ends the run early.
  /// - Returns: the outcome counts.
  func run(
    _ variant: RefetchHTTPVariant, trials: Int, seed: UInt64, shouldStop: () -> Bool = { false }
  ) async -> RefetchHTTPStressRun {
    var run = RefetchHTTPStressRun(variant: variant, seed: seed, maxTapGap: maxTapGap)
    var seeds = SeededGenerator(seed: seed)
    let start = ContinuousClock.now
    for _ in 0..<trials where !shouldStop() {
      run.add(await trial(variant, seed: seeds.next()))
    }
    run.elapsed = ContinuousClock.now - start
    return run
  }

  /// Runs one trial: assembles the scene, taps, waits (bounded) for
  /// quiescence, and grades the log.
  /// - Parameters:
  ///   - variant: the scene.
  ///   - seed: the seed of the tap gaps.
  func trial(_ variant: RefetchHTTPVariant, seed: UInt64) async -> RefetchHTTPTrial {
    var generator = SeededGenerator(seed: seed)
    let recording = RecordingTransport(transport)
    let scene = SceneAssembly.assemble(
      worker: ProfileWorker(transport: recording, baseURL: baseURL), policy: variant.policy,
      interactor: variant.interactor)
    let viewController = scene.viewController

    // Tap n asks for user n, so that every transport request names its tap.
    viewController.refresh(userId: "1")
    for tap in 2...max(taps, 2) {
      // Tap timing, not synchronisation: the gaps are the trial's random input.
      try? await Task.sleep(for: maxTapGap * generator.nextUnitDouble())
      viewController.refresh(userId: String(tap))
    }
    let settled = await settle(viewController, recording)
    let log = viewController.log
    let requests = recording.records
    return RefetchHTTPTrial(
      verdict: RefetchClassifier.classify(
        log: log, requests: requests, quiescent: settled, expectedContent: expectedContent),
      settled: settled,
      log: log, requests: requests)
  }

  /// Waits until the scene is quiescent (see the type's discussion), or the bound passes.
  /// - Returns: whether it became quiescent within ``settleTimeout``.
  private func settle(_ viewController: ProfileViewController, _ recording: RecordingTransport) async -> Bool {
    let deadline = ContinuousClock.now + settleTimeout
    let fetchCalls = FetchCallsWatch(viewController)
    var quiet = 0
    var last = (events: -1, requests: -1)
    while ContinuousClock.now < deadline {
      let records = recording.records
      let now = (events: viewController.log.count, requests: records.count)
      if fetchCalls.returned, records.allSatisfy({ $0.end != nil }), now == last {
        quiet += 1
        if quiet >= Self.quietTurns { return true }
      } else {
        quiet = 0
      }
      last = now
      try? await Task.sleep(for: Self.turnPause)
    }
    return false
  }
}

/// Whether every fetch a view controller's taps started has returned.
///
/// An interactor that hangs keeps the watching task waiting after the trial
/// gave up on it; the trial only reads ``returned``.
@MainActor
private final class FetchCallsWatch {
  private(set) var returned = false

  init(_ viewController: ProfileViewController) {
    Task { @MainActor [weak self] in
      await viewController.waitForFetchCalls()
      self?.returned = true
    }
  }
}
