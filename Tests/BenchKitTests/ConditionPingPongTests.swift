import BenchKit
import Testing

@Suite struct ConditionPingPongTests {
  @Test(.enabled(if: ThreadCensus.isAvailable, "ThreadCensus lists thread names on Linux and Darwin only"))
  func startsTwoNamedThreadsAndJoinsBothOnStop() async {
    let stem = ThreadCensus.uniqueStem()
    let floor = ConditionPingPong(name: stem)
    _ = await floor.exchange()

    #expect(ThreadCensus.threads(namedWithPrefix: stem) == 2)

    floor.stop()

    #expect(floor.isJoined)
    #expect(floor.finishedThreadCount == 2)
    #expect(ThreadCensus.threads(namedWithPrefix: stem) == 0)
  }

  @Test func stopIsIdempotentAndLaterExchangesResumeWithNaN() async {
    let floor = ConditionPingPong(name: ThreadCensus.uniqueStem())
    floor.stop()
    floor.stop()

    let sample = await floor.exchange()

    #expect(sample.oneWayNanoseconds.isNaN)
    #expect(sample.roundTripNanoseconds.isNaN)
    #expect(floor.finishedThreadCount == 2)
  }

  @Test(.enabled(if: ThreadCensus.isAvailable, "ThreadCensus lists thread names on Linux and Darwin only"))
  func releasingAFloorWithoutStoppingItJoinsItsThreads() async {
    let stem = ThreadCensus.uniqueStem()
    do {
      let floor = ConditionPingPong(name: stem)
      _ = await floor.exchange()
    }
    #expect(ThreadCensus.threads(namedWithPrefix: stem) == 0)
  }

  /// The second thread's stamp lies inside the round trip: ordering only, no timing.
  @Test func theOneWayLegIsPartOfTheRoundTrip() async {
    let floor = ConditionPingPong(name: ThreadCensus.uniqueStem())
    for _ in 0..<20 {
      let sample = await floor.exchange()
      #expect(sample.oneWayNanoseconds >= 0)
      #expect(sample.oneWayNanoseconds <= sample.roundTripNanoseconds)
    }
    floor.stop()
  }
}
