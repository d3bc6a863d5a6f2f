import BenchKit
import BuildSettingsSupport
import Foundation

@testable import BuildSettingsScene

/// One run of the driver: warm up, then `iterations` rounds of every
/// measurement, interleaved, with main-actor tickers running throughout.
///
/// - Important: every member is isolated to the main actor, where the
///   scene's view controller lives.
@MainActor
struct DriverRun {
  let plan: DriverPlan
  let transport: MockSceneTransport

  init(plan: DriverPlan) {
    self.plan = plan
    transport = MockSceneTransport(
      payload: ScenePayload(posts: plan.posts, bodyLength: DriverPlan.bodyLength), latency: DriverPlan.latency)
  }

  func measure() async throws -> DriverReport {
    var report = DriverReport(
      concurrentLoads: plan.concurrentLoads, posts: plan.posts,
      latencyNanoseconds: Double(DriverPlan.latency.nanoseconds))
    let tickers = TickerSet()
    tickers.start()
    defer { tickers.stop() }
    let caller = WorkerCaller(worker: ProfileWorker(transport: transport), posts: plan.posts)

    // Warm-up: one round of everything, discarded.
    _ = try await loadScenes(1)
    _ = try await loadScenes(plan.concurrentLoads)
    _ = try await caller.sequential()
    _ = try await caller.parallel()
    _ = StageProbe.log.drain()

    for _ in 0..<plan.iterations {
      let (one, oneWindow) = try await loadScenes(1)
      report.stages += StageProbe.log.drain()
      report.oneLoadNanoseconds.append(Double(one.nanoseconds))
      report.oneLoadGaps.append(await tickers.gaps(overlapping: oneWindow))

      let (batch, batchWindow) = try await loadScenes(plan.concurrentLoads)
      _ = StageProbe.log.drain()
      report.concurrentLoadsNanoseconds.append(Double(batch.nanoseconds))
      report.concurrentLoadsGaps.append(await tickers.gaps(overlapping: batchWindow))

      report.sequentialNanoseconds.append(Double(try await caller.sequential().nanoseconds))
      report.sequentialStages += StageProbe.log.drain()
      report.asyncLetNanoseconds.append(Double(try await caller.parallel().nanoseconds))
      _ = StageProbe.log.drain()
    }
    // The hops and the checker want the main actor to themselves.
    tickers.stop()

    // A round's floor threads are its own: where the scheduler puts a
    // fresh pair of threads changes their wake-ups, and rounds should see that.
    // Neither depends on the payload: a sweep measures them in one run only.
    if plan.hopSamples > 0 {
      let hops = HopRun(samples: plan.hopSamples)
      for round in 0...plan.iterations {
        let floor = ConditionPingPong(name: "bs-floor")
        let measured = try await hops.round(floor: floor)
        floor.stop()
        if round > 0 { report.hopRounds.append(measured) }  // round 0 warms up
      }
    }
    if plan.stressTrials > 0 {
      report.refetch = await RefetchRun(trials: plan.stressTrials, rounds: plan.iterations, seed: plan.seed).measure()
    }
    return report
  }

  /// Opens `count` profile screens at once, each a fresh scene, and waits
  /// until every one shows its profile.
  /// - Returns: the time from the first tap to the last display, and that window.
  private func loadScenes(_ count: Int) async throws -> (Duration, ClosedRange<ContinuousClock.Instant>) {
    let controllers = (0..<count).map { _ in ProfileViewController() }
    let start = ContinuousClock.now
    let shown: [String] = await withCheckedContinuation { continuation in
      let log = DisplayLog(expected: count, continuation: continuation)
      for controller in controllers {
        controller.onDisplay = { text in log.append(text) }
        controller.viewDidLoad(transport: transport, userId: "1")
      }
    }
    let end = ContinuousClock.now
    // The screens must outlive the load: the presenter holds its view controller weakly.
    withExtendedLifetime(controllers) {}
    let expected = "Leanne Graham: \(plan.posts) posts"
    guard shown.allSatisfy({ $0 == expected }) else { throw DriverError.wrongDisplay(shown) }
    return (start.duration(to: end), start...end)
  }
}

/// What the screens of one batch showed; resumes once all have shown something.
@MainActor
final class DisplayLog {
  private let expected: Int
  private var shown: [String] = []
  private var continuation: CheckedContinuation<[String], Never>?

  init(expected: Int, continuation: CheckedContinuation<[String], Never>) {
    self.expected = expected
    self.continuation = continuation
  }

  func append(_ text: String) {
    shown.append(text)
    if shown.count == expected {
      continuation?.resume(returning: shown)
      continuation = nil
    }
  }
}

/// The three main-actor tickers: a 1 ms heartbeat, 60 Hz and 120 Hz.
@MainActor
final class TickerSet {
  let heartbeat = MainActorTicker(period: .milliseconds(1))
  let hertz60 = MainActorTicker(period: .nanoseconds(16_666_667))
  let hertz120 = MainActorTicker(period: .nanoseconds(8_333_333))

  func start() {
    for ticker in [heartbeat, hertz60, hertz120] { ticker.start() }
  }

  func stop() {
    for ticker in [heartbeat, hertz60, hertz120] { ticker.stop() }
  }

  /// The gaps overlapping `window`, once every ticker has ticked after it.
  func gaps(overlapping window: ClosedRange<ContinuousClock.Instant>) async -> TickerGaps {
    try? await Task.sleep(until: window.upperBound + hertz60.period * 2, tolerance: .zero, clock: .continuous)
    return TickerGaps(
      heartbeat: heartbeat.gaps(overlapping: window), hertz60: hertz60.gaps(overlapping: window),
      hertz120: hertz120.gaps(overlapping: window))
  }
}

/// Awaits the scene's worker from an actor, as the guides' interactor does:
/// user then posts, or both at once with `async let`.
actor WorkerCaller {
  let worker: ProfileWorker
  let posts: Int

  init(worker: ProfileWorker, posts: Int) {
    self.worker = worker
    self.posts = posts
  }

  func sequential() async throws -> Duration {
    let start = ContinuousClock.now
    _ = try await worker.fetchUser(id: "1")
    let posts = try await worker.fetchPosts(userId: 1)
    let elapsed = start.duration(to: .now)
    guard posts.count == self.posts else { throw DriverError.wrongPostCount(posts.count) }
    return elapsed
  }

  func parallel() async throws -> Duration {
    let start = ContinuousClock.now
    async let user = worker.fetchUser(id: "1")
    async let posts = worker.fetchPosts(userId: 1)
    let (_, fetched) = try await (user, posts)
    let elapsed = start.duration(to: .now)
    guard fetched.count == self.posts else { throw DriverError.wrongPostCount(fetched.count) }
    return elapsed
  }
}

/// Why the driver could not measure.
enum DriverError: Error, CustomStringConvertible {
  case wrongDisplay([String])
  case wrongPostCount(Int)
  case missingHopStamps([String])

  var description: String {
    switch self {
    case .wrongDisplay(let shown): "the screens showed \(shown), not the profile"
    case .wrongPostCount(let count): "the worker returned \(count) posts"
    case .missingHopStamps(let stages): "a hop's load recorded only \(stages)"
    }
  }
}
