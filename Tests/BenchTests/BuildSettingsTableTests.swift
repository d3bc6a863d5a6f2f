import BenchKit
import BuildSettingsSupport
import Foundation
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

  /// One driver report at `posts`: a load whose two decodings overlap (or
  /// not), and a single load's 60 Hz and 120 Hz gaps.
  private func report(posts: Int, overlapping: Bool, gap60: Double, gap120: Double, hops: Bool) -> DriverReport {
    var report = DriverReport(concurrentLoads: 4, posts: posts, latencyNanoseconds: 10_000_000)
    report.stages = [decoding(0, 10), overlapping ? decoding(5, 15) : decoding(10, 20)]
    report.oneLoadNanoseconds = [20_000_000]
    report.oneLoadGaps = [TickerGaps(heartbeat: [1_000_000], hertz60: [gap60], hertz120: [gap120])]
    report.concurrentLoadsNanoseconds = [40_000_000]
    report.concurrentLoadsGaps = [TickerGaps(heartbeat: [2_000_000], hertz60: [16_666_667], hertz120: [8_333_333])]
    report.sequentialNanoseconds = [20_000_000]
    report.asyncLetNanoseconds = [10_000_000]
    if hops {
      var round = HopRound()
      round.oneWayNanoseconds = [5_000]
      round.floorOneWayNanoseconds = [4_000]
      report.hopRounds = [round]
    }
    return report
  }

  /// The compact readout has one row per setting and payload, the setting's
  /// own figures on its first row only; the CSV's payload-free rows have no
  /// `posts`; a note names the first payload that misses a frame.
  @Test func tableHasOneRowPerSettingAndPayload() throws {
    let rung = BuildSettingsRung.ladder[0]
    let none = CompilerDiagnostics(parsing: "")
    let build = RungBuilder.Build(
      rung: rung, asWritten: none, asWrittenBuilds: true, scene: none, driver: URL(fileURLWithPath: "/driver"),
      cached: true)
    let sweep = DriverPlan.sweep(options: BenchOptions())
    let reports = [
      report(posts: 10, overlapping: false, gap60: 16_666_667, gap120: 8_333_333, hops: false),
      report(posts: 100, overlapping: true, gap60: 16_666_667, gap120: 25_000_000, hops: false),
      report(posts: 1_000, overlapping: true, gap60: 50_000_000, gap120: 50_000_000, hops: true),
    ]
    let table = BuildSettingsTable(
      builds: [build], reports: [rung.id: reports], sweep: sweep,
      compiler: SwiftCompiler(path: "swiftc", version: "Swift version 6.3.1"),
      modules: RungBuilder.PackageModules(directory: URL(fileURLWithPath: "/modules"), compileSeconds: 1, cached: true),
      sanitizer: "none")
    let headline = table.headline.rows
    #expect(
      headline.map { Array($0.prefix(3)) } == [[rung.id, "10", "yes"], [rung.id, "100", ""], [rung.id, "1000", ""]])
    let overlapped = try #require(BuildSettingsTable.headlineColumns.firstIndex(of: "decodes overlapped"))
    #expect(headline.map { $0[overlapped] } == ["0/1", "1/1", "1/1"])
    let hop = try #require(BuildSettingsTable.headlineColumns.firstIndex(of: "hop 1-way (floor)"))
    #expect(!headline[0][hop].isEmpty && headline[1][hop].isEmpty)

    let posts = try #require(BuildSettingsTable.columns.firstIndex(of: "posts"))
    let measure = try #require(BuildSettingsTable.columns.firstIndex(of: "measure"))
    let rows = table.rows.rows
    #expect(rows.filter { $0[measure] == "decodes_overlapped" }.map { $0[posts] } == ["10", "100", "1000"])
    #expect(rows.filter { $0[measure] == "builds" || $0[measure] == "hop_one_way_ns" }.allSatisfy { $0[posts].isEmpty })
    #expect(!rows.contains { $0[measure] == "decode_overlap_share" })
    #expect(table.notes.contains { $0.contains("\(rung.id) 1000 / 100") })
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
