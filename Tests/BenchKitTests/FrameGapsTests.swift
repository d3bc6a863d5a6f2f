import BenchKit
import Testing

@Suite struct FrameGapsTests {
  static let period = Duration.milliseconds(10)

  @Test(arguments: [
    (10.0, 0),  // one period: smooth
    (15.0, 0),  // 1.5 periods: not yet a drop
    (15.1, 1),  // just over 1.5 periods: one refresh repeated
    (20.0, 1),
    (24.9, 1),
    (25.0, 2),  // 2.5 rounds away from zero to 3 periods
    (26.0, 2),
    (100.0, 9),
  ])
  func aGapDropsItsMissedRefreshesOnceOverOneAndAHalfPeriods(milliseconds: Double, dropped: Int) {
    let gap = Duration.microseconds(Int64(milliseconds * 1000))
    #expect(FrameGaps.droppedFrames(gap: gap, period: Self.period) == dropped)
  }

  @Test func totalsCountDroppedFramesAndTheGapsThatDroppedThem() {
    let gaps = FrameGaps(
      gaps: [10, 10, 31, 10, 16, 9].map { Duration.milliseconds($0) }, period: Self.period)
    #expect(gaps.droppedFrames == 3)
    #expect(gaps.drops == 2)
    #expect(gaps.longest == .milliseconds(31))
    #expect(FrameGaps(gaps: [], period: Self.period).longest == .zero)
  }

  @Test func aWindowKeepsEveryGapThatOverlapsIt() {
    let origin = ContinuousClock.now
    let ticks = [0, 10, 20, 55, 60, 70].map { origin + .milliseconds($0) }
    // From 12 ms to 50 ms: the gap 10–20 starts before and ends inside,
    // the stall 20–55 starts inside and ends after; 0–10 and 55–60 are outside.
    let window = (origin + .milliseconds(12))...(origin + .milliseconds(50))
    let gaps = FrameGaps(ticks: ticks, overlapping: window, period: Self.period)
    #expect(gaps.gaps == [.milliseconds(10), .milliseconds(35)])
    #expect(gaps.droppedFrames == 3)  // 3.5 periods round to 4
  }

  @Test func theNextDeadlineSkipsTheGridPointsALateTickMissed() {
    let origin = ContinuousClock.now
    let period = Self.period
    #expect(
      FrameTicker.nextDeadline(after: origin, tickedAt: origin + .microseconds(300), period: period)
        == origin + .milliseconds(10))
    #expect(
      FrameTicker.nextDeadline(after: origin, tickedAt: origin + .milliseconds(34), period: period)
        == origin + .milliseconds(40))
    #expect(
      FrameTicker.nextDeadline(after: origin, tickedAt: origin + .milliseconds(20), period: period)
        == origin + .milliseconds(30))
  }

  @Test(arguments: [(60, Duration.nanoseconds(16_666_667)), (120, .nanoseconds(8_333_333))])
  func aRefreshRateHasItsPeriod(hertz: Int, period: Duration) {
    #expect(FrameTicker.period(hertz: hertz) == period)
  }

  /// Waits on ticks, never sleeps: each `tick(after:)` returns a later tick.
  @MainActor
  @Test func ticksAreRecordedInOrderAndWaitersGetTheFirstTickAfterTheirInstant() async {
    let ticker = FrameTicker(period: .milliseconds(1))
    ticker.start()
    var last = await ticker.tick(after: .now)
    for _ in 0..<3 {
      let next = await ticker.tick(after: last)
      #expect(next > last)
      last = next
    }
    ticker.stop()
    #expect(ticker.ticks.count >= 4)
    #expect(zip(ticker.ticks, ticker.ticks.dropFirst()).allSatisfy { $0 < $1 })
    #expect(await ticker.tick(after: .now + .seconds(3600)) == ticker.ticks.last)
  }
}
