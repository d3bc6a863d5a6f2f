import BenchKit
import IsolationChecks
import MockNetwork
import ProfileScene

/// Measures how many requests one tap has in flight at once, with a gated
/// transport: a parallel fetch parks both of its requests before either is
/// answered, a sequential one parks one at a time.
@MainActor
enum ParallelFetchProbe {
  /// Taps once and releases parked requests one by one until none is left.
  /// - Returns: the transport's maximum in flight.
  static func peakInFlight(of makeInteractor: InteractorFactory) async -> Int {
    let transport = MockTransport(
      MockTransport.Configuration(dataset: MockDataset(scale: .init(users: 2, postsPerUser: 1)), gated: true))
    let scene = SceneAssembly.assemble(
      worker: ProfileWorker(transport: transport), policy: .latestRequestOnly
    ) { makeInteractor($0, $1) }
    scene.viewController.refresh(userId: "1")
    // Every wait is bounded: a sequential fetch never parks two at once.
    _ = try? await transport.waitForPending(2, timeout: .milliseconds(500))
    // Then every request the tap makes is released (two, or three for an
    // interactor that checks first), until its fetch call returned and
    // nothing more arrived for a while, however slowly each arrives (a
    // loaded or sanitized run): a request left parked would hold its task
    // forever.
    let returned = OneShotSignal()
    let viewController = scene.viewController
    Task { @MainActor in
      await viewController.waitForFetchCalls()
      returned.fire()
    }
    var quietPolls = 0
    for _ in 0..<100 where quietPolls < 3 {
      if (try? await transport.waitForPending(1, timeout: .milliseconds(200))) != nil {
        transport.releaseAll()
        quietPolls = 0
      } else if returned.hasFired {
        quietPolls += 1
      }
    }
    try? await transport.waitUntilIdle(timeout: .seconds(2))
    return transport.snapshot.maxInFlight
  }
}
