import Foundation
import MockNetwork
import ProfileScene
import SceneTestSupport
import Testing

/// Every placement of the work (main actor, struct worker, actor worker)
/// shows what the corrected scene shows, cancels as it does, and lets its
/// requests overlap on the network. Zero-latency mocks and gates fix every
/// interleaving; nothing here sleeps or times anything.
@MainActor
@Suite struct PlacementTests {
  // One per test, not a static: a Data kept in a global until exit is reported by
  // LeakSanitizer (see scripts/lsan-suppressions.txt).
  let dataset = MockDataset(scale: .init(users: 4, postsPerUser: 30, bodyLength: 400))

  /// Shows one tap's outcome on a fresh scene and returns what the user saw.
  private func displays(of scene: AssembledScene, userId: String) async throws -> [ViewEvent] {
    scene.viewController.refresh(userId: userId)
    let viewController = scene.viewController
    try await bounded("the tap's fetch call to return") { await viewController.waitForFetchCalls() }
    return viewController.displayLog
  }

  @Test(arguments: WorkPlacement.allCases, ["1", "4", "99", "abc"])
  func everyPlacementShowsWhatTheCorrectedSceneShows(placement: WorkPlacement, userId: String) async throws {
    let configuration = MockTransport.Configuration(dataset: dataset)
    let corrected = SceneAssembly.correctedScene(worker: ProfileWorker(transport: MockTransport(configuration)))
    let placed = placement.assembleScene(transport: MockTransport(configuration))

    let expected = try await displays(of: corrected, userId: userId)
    let shown = try await displays(of: placed, userId: userId)

    #expect(expected.count == 1)
    #expect(shown == expected)
    if let number = Int(userId), let user = dataset.user(id: number) {
      #expect(placed.viewController.profile?.displayName == user.name)
      #expect(placed.viewController.profile?.posts.count == dataset.posts(userId: number).count)
    }
  }

  @Test(
    arguments: WorkPlacement.allCases,
    [InjectedFailure.status(500), .status(404), .malformedBody, .truncatedBody, .transportError])
  func everyPlacementShowsTheCorrectedScenesErrors(placement: WorkPlacement, failure: InjectedFailure) async throws {
    let configuration = MockTransport.Configuration(
      dataset: dataset, posts: RouteBehavior(failures: [FailureRule(failure)]))
    let corrected = SceneAssembly.correctedScene(worker: ProfileWorker(transport: MockTransport(configuration)))
    let placed = placement.assembleScene(transport: MockTransport(configuration))

    let expected = try await displays(of: corrected, userId: "2")
    let shown = try await displays(of: placed, userId: "2")

    #expect(shown == expected)
    guard case .showedError = try #require(shown.first) else {
      Issue.record("expected an error on screen, got \(shown)")
      return
    }
  }

  @Test(arguments: WorkPlacement.allCases)
  func aRefetchCancelsTheSupersededLoadInEveryPlacement(placement: WorkPlacement) async throws {
    let transport = MockTransport(.init(dataset: dataset, gated: true))
    let scene = placement.assembleScene(transport: transport)
    scene.viewController.refresh(userId: "1")
    try await transport.waitForPending(2, timeout: waitLimit)

    scene.viewController.refresh(userId: "2")
    try await transport.waitUntil("both of the first tap's requests cancelled", timeout: waitLimit) {
      $0.cancelled == 2
    }
    try await transport.waitForPending(2, timeout: waitLimit)
    transport.releaseAll()
    let viewController = scene.viewController
    try await bounded("every tap's fetch call to return") { await viewController.waitForFetchCalls() }

    #expect(viewController.displayLog.map(\.request.id) == [RequestID(2)])
    #expect(viewController.profile?.displayName == dataset.user(id: 2)?.name)
    #expect(transport.records.filter { $0.outcome == .cancelled }.map(\.userID) == [1, 1])
  }

  /// An actor is reentrant: while one call awaits the network, another call
  /// to the same worker starts its own request. Only decoding is serialised.
  @Test(arguments: WorkPlacement.allCases)
  func concurrentLoadsThroughOneWorkerOverlapOnTheNetwork(placement: WorkPlacement) async throws {
    let transport = MockTransport(.init(dataset: dataset, gated: true))
    let worker = placement.makeWorker(transport: transport)
    let loads = (1...4).map { user in
      Task { try await (worker.fetchUser(id: String(user)), worker.fetchPosts(userId: user)) }
    }
    // Each task sends its user request first, so four parked user requests
    // mean four calls into the worker are suspended on the network at once.
    try await transport.waitForPending(4, route: .user, timeout: waitLimit)
    #expect(transport.snapshot.inFlight == 4)
    transport.releaseAll(route: .user)
    try await transport.waitForPending(4, route: .posts, timeout: waitLimit)
    transport.releaseAll()

    for (index, load) in loads.enumerated() {
      let (user, posts) = try await load.value
      #expect(user == dataset.user(id: index + 1))
      #expect(posts == dataset.posts(userId: index + 1))
    }
    #expect(transport.snapshot.maxInFlight == 4)
  }
}
