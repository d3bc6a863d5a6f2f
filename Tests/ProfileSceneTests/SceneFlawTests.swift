import Foundation
import MockNetwork
import ProfileScene
import SceneTestSupport
import Testing

/// Each flaw of the guide's scene, shown by one fixed schedule that makes the
/// seed scene exhibit it and the corrected scene not.
///
/// The schedules are fixed by the mock's gates and by main-actor ordering,
/// never by timing.
@MainActor
@Suite struct SceneFlawTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var interactor: InteractorVariant
    var policy: ViewPolicy
    var showsFlaw: Bool

    var testDescription: String { "\(interactor) interactor, \(policy) view" }
  }

  /// Flaw 1: a presentation already queued on the main actor when the user
  /// taps again still reaches the screen. The fix lives on the main actor:
  /// the corrected interactor alone, under the guide's view, still shows it.
  @Test(arguments: [
    Case(interactor: .guide, policy: .guide, showsFlaw: true),
    Case(interactor: .corrected, policy: .guide, showsFlaw: true),
    Case(interactor: .guide, policy: .latestRequestOnly, showsFlaw: false),
    Case(interactor: .corrected, policy: .latestRequestOnly, showsFlaw: false),
  ])
  func anOlderProfileQueuedBeforeALaterTapIsShownAfterIt(_ scenario: Case) async throws {
    let holder = ProxyHolder()
    let fixture = SceneFixture(interactor: holder.factory(scenario.interactor), policy: scenario.policy)
    let proxy = try #require(holder.proxy)
    proxy.hook = { fixture.tap(user: 2) }

    fixture.tap(user: 1)
    try await fixture.transport.waitForPending(2, timeout: waitLimit)
    fixture.transport.releaseAll()
    try await fixture.waitForLog("the second tap") { $0.count >= 2 }
    try await fixture.transport.waitForPending(2, timeout: waitLimit)
    fixture.transport.releaseAll()
    try await fixture.waitForLog("the second profile") { $0.profileRequests.contains(RequestID(2)) }

    let afterSecondTap = fixture.log.drop { $0 != .tapped(ProfileRequest(userId: "2", id: RequestID(2))) }
    let staleShown = afterSecondTap.contains { $0.isDisplay && $0.request.id == RequestID(1) }
    #expect(staleShown == scenario.showsFlaw, "log: \(fixture.log)")
    #expect(fixture.viewController.profile?.request.id == RequestID(2))
  }

  /// Flaw 2: under URLSession's cancellation style, superseding a load shows
  /// its cancellation as an error (the guide catches only `CancellationError`).
  @Test(arguments: [
    Case(interactor: .guide, policy: .guide, showsFlaw: true),
    Case(interactor: .corrected, policy: .latestRequestOnly, showsFlaw: false),
    Case(interactor: .corrected, policy: .guide, showsFlaw: false),
  ])
  func aSupersededLoadsURLSessionCancellationIsShownAsAnError(_ scenario: Case) async throws {
    let fixture = SceneFixture(
      scenario.interactor, policy: scenario.policy,
      transport: .init(cancellationStyle: .urlSession, gated: true))

    fixture.tap(user: 1)
    try await fixture.transport.waitForPending(2, timeout: waitLimit)
    fixture.tap(user: 2)
    try await fixture.transport.waitUntil("the first load cancelled", timeout: waitLimit) { $0.cancelled == 2 }
    try await fixture.transport.waitForPending(2, timeout: waitLimit)
    fixture.transport.releaseAll()

    if scenario.showsFlaw {
      try await fixture.waitForLog("the second profile and the first load's error") {
        $0.profileRequests.contains(RequestID(2)) && $0.errorRequests.contains(RequestID(1))
      }
    } else {
      try await fixture.waitForLog("the second profile") { $0.profileRequests.contains(RequestID(2)) }
      try await fixture.settleAwaitableInteractor()
    }
    #expect(fixture.log.errorRequests.contains(RequestID(1)) == scenario.showsFlaw, "log: \(fixture.log)")
    #expect(fixture.transport.snapshot.failed == 0, "no failure was injected")
  }

  /// Flaw 3: `try await (user, posts)` waits for `user` before it looks at
  /// `posts`, so a failure of `posts` is reported only once `user` finishes.
  ///
  /// The schedule fails `posts` at once and holds `user` back, then watches
  /// the screen for an error while `user` is still held, for up to three
  /// seconds. The window does not decide the seed scene's result: the guide's
  /// tuple cannot reach its `catch` before `user` returns, however long it is
  /// watched. The corrected scene shows the error as soon as it can, and the
  /// test stops watching then.
  @Test(arguments: [
    Case(interactor: .guide, policy: .guide, showsFlaw: true),
    Case(interactor: .corrected, policy: .latestRequestOnly, showsFlaw: false),
  ])
  func aFastPostsFailureIsHeldBackUntilUserFinishes(_ scenario: Case) async throws {
    let fixture = SceneFixture(scenario.interactor, policy: scenario.policy)
    fixture.tap(user: 1)
    try await fixture.transport.waitForPending(2, timeout: waitLimit)
    _ = try #require(fixture.transport.releaseNext(route: .posts, with: .failure(.status(500))))

    let shownWhileUserHeld: Bool
    do {
      try await fixture.waitForLog("the posts failure", within: .seconds(3)) { !$0.errorRequests.isEmpty }
      shownWhileUserHeld = true
    } catch is TimedOut {
      shownWhileUserHeld = false
    }
    #expect(shownWhileUserHeld == !scenario.showsFlaw, "log: \(fixture.log)")

    if scenario.showsFlaw {
      #expect(fixture.transport.releaseNext(route: .user) != nil, "the user request was still held")
      try await fixture.waitForDisplays(1)
    } else {
      try await fixture.transport.waitUntil("the user request cancelled", timeout: waitLimit) { $0.cancelled == 1 }
    }
    #expect(fixture.viewController.errorMessage == "The server answered 500. Please try again.")
    #expect(fixture.log.displays.count == 1)
  }
}
