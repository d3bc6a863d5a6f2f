import BenchKit
import BuildSettingsSupport
import Testing

@testable import BenchSuites

@Suite struct BuildSettingsTableTests {
  private func decoding(_ start: Int64, _ end: Int64, on placement: Placement = .globalExecutor) -> StageRecord {
    StageRecord(stage: .decoding, placement: placement, startNanoseconds: start, endNanoseconds: end)
  }

  /// Two decodings one after the other do not overlap; one inside the other fully does; half is half.
  @Test func decodeOverlap() {
    let records = [
      decoding(0, 10), decoding(10, 30),
      decoding(0, 30), decoding(5, 15),
      decoding(0, 20), decoding(10, 40),
    ]
    #expect(BuildSettingsTable.overlaps(ofPairs: records) == [0, 1, 0.5])
  }

  /// A round counts as overlapped when its decodings shared any time; the
  /// count, unlike the shares' median, does not flip at shares of 0 and 1.
  @Test func overlappedRoundsCountsEveryRoundThatSharedTime() {
    #expect(BuildSettingsTable.overlappedRounds([0, 1, 0.5, 0, 1e-6]) == 3)
    #expect(BuildSettingsTable.overlappedRounds([]) == 0)
  }

  /// The sweep runs 10, 100 and 1,000 posts (quick: 10 and 100); only the
  /// largest payload's run measures the hop and the checker.
  @Test func sweepMeasuresPayloadFreeFiguresOnce() throws {
    let full = DriverPlan.sweep(options: BenchOptions())
    #expect(full.map(\.posts) == [10, 100, 1_000])
    #expect(full.map(\.hopSamples) == [0, 0, 200])
    #expect(full.map(\.stressTrials) == [0, 0, 5_000])
    var quick = BenchOptions()
    quick.quick = true
    #expect(DriverPlan.sweep(options: quick).map(\.posts) == [10, 100])
    let plan = try #require(DriverPlan(arguments: full[0].arguments))
    #expect(plan == full[0])
    #expect(DriverPlan(arguments: ["1", "0", "4", "0", "0", "7"]) == nil)
  }

  /// The placement is the most frequent one; disagreeing probes are all named with their counts.
  @Test func placementNamesEveryPlacementSeen() {
    let agreed = BuildSettingsTable.placement(of: [decoding(0, 1, on: .mainActor), decoding(1, 2, on: .mainActor)])
    #expect(agreed.text == "main actor")
    #expect(agreed.share == 1)
    let mixed = BuildSettingsTable.placement(of: [
      decoding(0, 1, on: .mainActor), decoding(1, 2, on: .globalExecutor), decoding(2, 3, on: .mainActor),
    ])
    #expect(mixed.text == "main actor 2/3, global executor 1/3")
    #expect(abs(mixed.share - 2.0 / 3) < 1e-12)
    #expect(BuildSettingsTable.placement(of: []).text == "not reached")
  }

  /// Frames missed follow FrameGaps' rule: a gap of 2.6 periods at 60 Hz drops 2.
  @Test func framesMissed() {
    #expect(BuildSettingsTable.missed([16_666_667, 43_333_333], hertz: 60) == 2)
    #expect(BuildSettingsTable.missed([20_000_000], hertz: 60) == 0)
  }

  /// A hop figure is the median of the rounds' medians, with the rounds'
  /// lowest and highest median as its range; no rounds, no figures.
  @Test func hopFiguresAreMediansOfRoundMedians() throws {
    var first = HopRound()
    first.oneWayNanoseconds = [10, 20, 30]
    var second = HopRound()
    second.oneWayNanoseconds = [40, 50, 60]
    var third = HopRound()
    third.oneWayNanoseconds = [1, 2, 1_000]
    let figures = BuildSettingsTable.hopFigures([first, second, third])
    let oneWay = try #require(figures.first { $0.measure == "hop_one_way_ns" })
    #expect(oneWay.median == 20)
    #expect(oneWay.range == (2, 50))
    #expect(oneWay.rounds == 3)
    #expect(oneWay.detail.hasSuffix("9 samples"))
    #expect(
      figures.map(\.measure) == [
        "hop_one_way_ns", "hop_round_trip_ns", "hop_format_ns", "floor_one_way_ns", "floor_round_trip_ns",
      ])
    #expect(BuildSettingsTable.hopFigures([]).isEmpty)
  }

  /// Every outcome of a refetch table becomes a row, none hidden: its share
  /// of all trials, the rounds' lowest and highest share, its count and grade.
  @Test func refetchRowsShowEveryOutcomeWithTheRoundsSpread() throws {
    let table = RefetchTable(
      scene: "guides-scene/seed", cancellationStyle: "cancellation-error", taps: 2, seed: 7, roundTrials: [100, 100],
      outcomes: [
        .init(outcome: "latest-only", roundCounts: [80, 70], grade: "acceptable"),
        .init(outcome: "stale-flash", roundCounts: [20, 28], grade: "forbidden"),
        .init(outcome: "lost", roundCounts: [0, 2], grade: "forbidden"),
      ], violations: 50, notQuiescent: 0, elapsedSeconds: 1)
    let rows = BuildSettingsTable.refetchRows(table)
    #expect(
      rows.map(\.measure) == [
        "refetch_cancellation-error_latest-only", "refetch_cancellation-error_stale-flash",
        "refetch_cancellation-error_lost",
      ])
    let flash = try #require(rows.first { $0.measure.hasSuffix("stale-flash") })
    #expect(flash.frequency == 0.24)
    #expect(flash.interval == (0.20, 0.28))
    #expect(flash.detail.hasPrefix("count 48 of 200, forbidden; rounds 20 28"))
    #expect(BuildSettingsTable.forbiddenShare(table) == 0.25)
    #expect(BuildSettingsTable.forbiddenShares(table) == [0.20, 0.30])
  }

  /// The Wilson interval contains the observed share, stays within 0…1,
  /// and matches a known value (10 of 100: 0.0552–0.1744).
  @Test func wilsonInterval() {
    let (low, high) = BuildSettingsTable.wilson(10, of: 100)
    #expect(abs(low - 0.0552) < 1e-4 && abs(high - 0.1744) < 1e-4)
    #expect(BuildSettingsTable.wilson(0, of: 50).0 == 0)
    #expect(BuildSettingsTable.wilson(50, of: 50).1 == 1)
  }
}
