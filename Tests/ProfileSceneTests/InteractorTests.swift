import Foundation
import MockNetwork
import ProfileScene
import SceneTestSupport
import Testing

/// What both interactors must do, and what only the corrected one promises.
@MainActor
@Suite struct InteractorTests {
  @Test(arguments: InteractorVariant.allCases)
  func fetchesUserAndPostsAtOnce(variant: InteractorVariant) async throws {
    let fixture = SceneFixture(variant, policy: .guide)
    fixture.tap()

    let pending = try await fixture.transport.waitForPending(2, timeout: waitLimit)
    #expect(Set(pending.map(\.route)) == [.user, .posts])
    #expect(fixture.transport.snapshot.maxInFlight == 2)

    fixture.transport.releaseAll()
    try await fixture.waitForDisplays(1)
    #expect(fixture.viewController.profile?.displayName == fixture.transport.configuration.dataset.user(id: 1)?.name)
  }

  @Test(arguments: InteractorVariant.allCases)
  func aRefetchCancelsTheSupersededRequests(variant: InteractorVariant) async throws {
    let fixture = SceneFixture(variant, policy: .latestRequestOnly)
    fixture.tap(user: 1)
    try await fixture.transport.waitForPending(2, timeout: waitLimit)

    fixture.tap(user: 2)
    try await fixture.transport.waitUntil("both of the first tap's requests cancelled", timeout: waitLimit) {
      $0.cancelled == 2
    }
    let cancelled = fixture.transport.records.filter { $0.outcome == .cancelled }
    #expect(cancelled.map(\.userID) == [1, 1])

    try await fixture.transport.waitForPending(2, timeout: waitLimit)
    fixture.transport.releaseAll()
    try await fixture.waitForLog("the second profile") { $0.profileRequests.contains(RequestID(2)) }
    #expect(fixture.viewController.profile?.request.userId == "2")
  }

  @Test func correctedFetchProfileReturnsOnlyOnceItsLoadIsPresented() async throws {
    let fixture = SceneFixture(.corrected, policy: .latestRequestOnly)
    let transport = fixture.transport
    let releaser = Task {
      try await transport.waitForPending(2, timeout: waitLimit)
      transport.releaseAll()
    }
    let request = ProfileRequest(userId: "1", id: RequestID(1))

    let interactor = fixture.scene.interactor
    try await bounded("fetchProfile to return") { await interactor.fetchProfile(request: request) }

    #expect(fixture.log.profileRequests == [RequestID(1)])
    try await releaser.value
  }

  @Test func correctedFetchProfileReturnsOnceItsLoadIsSuperseded() async throws {
    let fixture = SceneFixture(.corrected, policy: .latestRequestOnly)
    let interactor = fixture.scene.interactor
    let first = Task { await interactor.fetchProfile(request: ProfileRequest(userId: "1", id: RequestID(1))) }
    try await fixture.transport.waitForPending(2, timeout: waitLimit)
    let second = Task { await interactor.fetchProfile(request: ProfileRequest(userId: "1", id: RequestID(2))) }

    try await bounded("the superseded call to return") { await first.value }
    #expect(fixture.log.isEmpty)
    #expect(fixture.transport.snapshot.cancelled == 2)

    try await fixture.transport.waitForPending(2, timeout: waitLimit)
    fixture.transport.releaseAll()
    try await bounded("the second call to return") { await second.value }
    #expect(fixture.log.profileRequests == [RequestID(2)])
  }

  @Test func correctedIgnoresARequestOlderThanOneItHasSeen() async throws {
    let fixture = SceneFixture(.corrected, policy: .guide, transport: .init())
    let interactor = fixture.scene.interactor
    try await bounded("both calls to return") {
      await interactor.fetchProfile(request: ProfileRequest(userId: "2", id: RequestID(2)))
      await interactor.fetchProfile(request: ProfileRequest(userId: "1", id: RequestID(1)))
    }

    #expect(fixture.log.profileRequests == [RequestID(2)])
    #expect(fixture.transport.snapshot.started == 2)
  }

  @Test func correctedRejectsANonNumericIDBeforeAnyRequest() async throws {
    let fixture = SceneFixture(.corrected, policy: .latestRequestOnly)
    fixture.viewController.refresh(userId: "me")
    try await fixture.settleAwaitableInteractor()

    #expect(fixture.transport.snapshot.started == 0)
    #expect(fixture.viewController.errorMessage == "\"me\" is not a valid user id.")
  }

  /// The guide's `Int(request.userId) ?? 0` asks for the posts of user 0.
  @Test func seedSendsAPostsRequestForUserZeroWhenTheIDIsNotNumeric() async throws {
    let fixture = SceneFixture(.guide, policy: .guide, transport: .init())
    fixture.viewController.refresh(userId: "me")
    try await fixture.waitForDisplays(1)
    try await fixture.transport.waitUntilIdle(timeout: waitLimit)

    #expect(fixture.transport.records.map(\.url.absoluteString).contains { $0.hasSuffix("posts?userId=0") })
    #expect(fixture.viewController.errorMessage == "\"me\" is not a valid user id.")
  }

  /// Corrected: a cancellation reported by the transport while the load is
  /// still current (URLSession invalidated, say) is not an error to show.
  @Test func correctedNeverShowsACancellationAsAnError() async throws {
    let scene = SceneAssembly.correctedScene(
      worker: ProfileWorker(transport: StubTransport(.error(URLError(.cancelled)))))
    scene.viewController.refresh(userId: "1")
    try await bounded("the fetch call to return") { await scene.viewController.waitForFetchCalls() }
    #expect(scene.viewController.log.displays.isEmpty)
  }

  @Test func seedShowsACancellationReportedByTheTransportAsAnError() async throws {
    let scene = SceneAssembly.assemble(
      worker: ProfileWorker(transport: StubTransport(.error(URLError(.cancelled)))), policy: .guide,
      interactor: .guide)
    scene.viewController.refresh(userId: "1")
    try await waitForLog(of: scene.viewController, "the error") { !$0.displays.isEmpty }
    #expect(scene.viewController.log.errorRequests == [RequestID(1)])
  }
}
