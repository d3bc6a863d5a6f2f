import HopProbes
import ProfileScene
import Testing

@Suite struct StampOrderTests {
  static let response = HopPayload.response(posts: 10)

  /// Every mechanism stamps send, arrival, formatting and return once each,
  /// in that order: on a clock that ticks per read the sample is exactly 1, 2, 3.
  @Test(arguments: HopMechanism.allCases)
  func stampsAreTakenInCausalOrder(mechanism: HopMechanism) async throws {
    let clock = TickingClock()
    let probe = await HopProbe.make(clock: clock.stampClock)

    let sample = await probe.measure(mechanism, response: Self.response)

    #expect(sample.isOrdered)
    #expect(sample.oneWay == 1)
    #expect(sample.format == 1)
    #expect(sample.roundTrip == 3)
    #expect(sample.oneWay <= sample.roundTrip)
    await probe.shutDown()
  }

  /// The arrival stamp is the first line on the main actor; the send and
  /// return stamps are on the interactor's actor, off the main queue.
  @Test(arguments: HopMechanism.allCases.filter { $0 != .directCall && $0 != .actorToActor })
  func arrivalIsStampedOnTheMainQueueAndSendingOffIt(mechanism: HopMechanism) async {
    let clock = TickingClock()
    let probe = await HopProbe.make(clock: clock.stampClock)

    let sample = await probe.measure(mechanism, response: Self.response)

    #expect(!clock.wasOnMainQueue(sample.sent))
    #expect(clock.wasOnMainQueue(sample.arrived))
    #expect(clock.wasOnMainQueue(sample.formatted))
    #expect(!clock.wasOnMainQueue(sample.returned))
    await probe.shutDown()
  }

  @Test func theActorAlternativeNeverTouchesTheMainQueue() async {
    let clock = TickingClock()
    let probe = await HopProbe.make(clock: clock.stampClock)

    _ = await probe.measure(.actorToActor, response: Self.response)

    #expect(clock.readsOnMainQueue == [false, false, false, false])
    #expect(await probe.interactor.peer.lastViewModel?.request == Self.response.request)
    await probe.shutDown()
  }

  /// The proxy forwards to the real presenter and view: the view shows the profile.
  @Test(arguments: HopMechanism.allCases.filter { $0 != .actorToActor })
  @MainActor
  func theRealViewDisplaysTheProfile(mechanism: HopMechanism) async {
    let probe = HopProbe.make(clock: TickingClock().stampClock)

    _ = await probe.measure(mechanism, response: Self.response)

    #expect(probe.proxy.viewController.profile?.request == Self.response.request)
    #expect(probe.proxy.viewController.profile?.postCount == "10 posts")
    #expect(probe.proxy.presentCount == 1)
    await probe.shutDown()
  }

  @Test func theProxyMovesToAFreshViewAfterItsQuota() async {
    let probe = await HopProbe.make(clock: TickingClock().stampClock, presentsPerView: 2)
    let first = await probe.proxy.viewController

    for _ in 0..<3 {
      _ = await probe.measure(.guideAwait, response: Self.response)
    }

    let current = await probe.proxy.viewController
    #expect(current !== first)
    #expect(await current.displayLog.count == 1)
    #expect(await first.displayLog.count == 2)
    await probe.shutDown()
  }
}
