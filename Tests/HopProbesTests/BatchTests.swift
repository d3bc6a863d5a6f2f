import HopProbes
import ProfileScene
import Testing

@Suite struct BatchTests {
  static let response = HopPayload.response(posts: 10)

  @Test(arguments: HopBatch.allCases)
  func aBatchPresentsExactlyItsCount(batch: HopBatch) async {
    let probe = await HopProbe.make(clock: TickingClock().stampClock)

    let elapsed = await probe.interactor.presentBatch(Self.response, count: 5, as: batch)

    #expect(await probe.proxy.presentCount == 5)
    #expect(elapsed > 0)
    await probe.shutDown()
  }

  @Test func oneHopIsCountedAsOneHop() {
    #expect(HopBatch.oneHop.hops(count: 32) == 1)
    #expect(HopBatch.awaitEach.hops(count: 32) == 32)
  }

  /// Each call reads the clock three times (arrival, departure, the loop's
  /// check), so a window of 10 ticks from the start fits three calls and a
  /// fourth that ends past it.
  @Test func repeatedPresentsCountOnlyThoseEndingInTheWindow() async {
    let probe = await HopProbe.make(clock: TickingClock().stampClock)

    let completed = await probe.interactor.presentRepeatedly(Self.response, for: 10)

    #expect(completed == 3)
    #expect(await probe.proxy.presentCount == 4)
    await probe.shutDown()
  }

  @Test func concurrentInteractorsEachPresentOnce() async {
    let clock = TickingClock().stampClock
    var probes: [HopProbe] = []
    for _ in 0..<3 {
      probes.append(await HopProbe.make(clock: clock))
    }

    let sample = await ConcurrentHopSample.measure(probes, response: Self.response, clock: clock)

    #expect(sample.interactors == 3)
    #expect(sample.slowestOneWay <= sample.allPresented)
    for probe in probes {
      #expect(await probe.proxy.presentCount == 1)
      await probe.shutDown()
    }
  }

  @Test(arguments: [(60, 16_666_667), (120, 8_333_333)])
  func framePeriodsAreRoundedToTheNanosecond(hertz: Int, nanoseconds: Int64) {
    #expect(MainActorFrameLoad.period(hertz: hertz) == .nanoseconds(nanoseconds))
  }
}
