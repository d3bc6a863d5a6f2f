import BenchBasics
import Foundation
import Observation
import Testing

@testable import ScreenChecks

/// A described screen's cost run: what the sampler's readings mean, how
/// frames are counted, where payload work is said to run, and the run
/// itself on a screen whose client decodes JSON. The figures themselves are
/// the benchmark's (`bench screen-settings`); these tests check the rules
/// and the run's shape, never a time.
@Suite struct ScreenCostTests {
  private static let origin = ContinuousClock.now
  private static func at(_ milliseconds: Int) -> ContinuousClock.Instant {
    origin.advanced(by: .milliseconds(milliseconds))
  }

  /// Heartbeat ticks at `milliseconds`, the process's CPU time reading
  /// `cpu` milliseconds at each.
  private static func ticks(_ milliseconds: [Int], cpu: [Int]) -> [MainActorHeartbeat.Tick] {
    milliseconds.indices.map { index in
      .init(instant: at(milliseconds[index]), cpu: .milliseconds(cpu[index]))
    }
  }

  @Test func aHeartbeatTickRunningLateFoundTheMainActorBusySinceItWasDue() {
    // The tick due at 4 ms ran at 9 ms, the process working all along; the one due at 15 ran 0.2 ms late.
    var ticks = Self.ticks([0, 1, 2, 3, 9, 10, 11, 12, 13, 14], cpu: [0, 0, 0, 0, 5, 5, 5, 5, 5, 5])
    ticks.append(.init(instant: Self.at(15).advanced(by: .microseconds(200)), cpu: .milliseconds(5)))
    let window = Self.at(0)...Self.at(20)
    #expect(
      MainActorBusy.stretches(ticks: ticks, period: .milliseconds(1), in: window) == [
        BusyStretch(range: Self.at(4)...Self.at(9), worked: .milliseconds(5))
      ])
    // Clipped to the window, and none outside it.
    #expect(
      MainActorBusy.stretches(ticks: ticks, period: .milliseconds(1), in: Self.at(6)...Self.at(20)) == [
        BusyStretch(range: Self.at(6)...Self.at(9), worked: .milliseconds(3))
      ])
    #expect(MainActorBusy.stretches(ticks: ticks, period: .milliseconds(1), in: Self.at(10)...Self.at(20)).isEmpty)
  }

  /// A late tick while the process barely worked found the machine busy
  /// with other processes: the stretch counts no more than the process's
  /// CPU time, whichever of its threads ran the ticks; a stretch the
  /// process worked through counts whole.
  @Test func aStretchCountsNoMoreThanTheProcessWorked() {
    let idle = Self.ticks([0, 1, 9], cpu: [0, 0, 1])
    #expect(
      MainActorBusy.stretches(ticks: idle, period: .milliseconds(1), in: Self.at(0)...Self.at(10)).map(\.worked)
        == [.milliseconds(1)])
    let working = Self.ticks([0, 1, 9], cpu: [0, 0, 12])
    #expect(
      MainActorBusy.stretches(ticks: working, period: .milliseconds(1), in: Self.at(0)...Self.at(10)).map(\.worked)
        == [.milliseconds(7)])
    // Building an answer from 3 to 6 ms: the stretch loses that part, and keeps no more work than is left.
    let stretch = BusyStretch(range: Self.at(2)...Self.at(9), worked: .milliseconds(7))
    #expect(
      MainActorBusy.removing([Self.at(3)...Self.at(6)], from: stretch) == [
        BusyStretch(range: Self.at(2)...Self.at(3), worked: .milliseconds(1)),
        BusyStretch(range: Self.at(6)...Self.at(9), worked: .milliseconds(3)),
      ])
  }

  @Test func aStretchMissesTheFramesWhoseDeadlinesItHolds() {
    let window = Self.at(0)...Self.at(100)
    let stretch = [Self.at(10)...Self.at(50)]
    // 60 Hz: the frame due at 16.7 ms runs at 50 ms, a gap of three periods: two frames missed.
    #expect(
      MainActorBusy.missedFrames(stretches: stretch, in: window, period: FrameTicker.period(hertz: 60)) == 2)
    // 120 Hz: the frame at 8.3 ms runs on time; the one due at 16.7 ms runs at 50 ms, five periods on: four missed.
    #expect(
      MainActorBusy.missedFrames(stretches: stretch, in: window, period: FrameTicker.period(hertz: 120)) == 4)
    #expect(MainActorBusy.missedFrames(stretches: [], in: window, period: FrameTicker.period(hertz: 60)) == 0)
    // A stretch between two deadlines holds none.
    #expect(
      MainActorBusy.missedFrames(
        stretches: [Self.at(1)...Self.at(6)], in: window, period: FrameTicker.period(hertz: 60)) == 0)
  }

  @Test func payloadWorkIsPlacedWhereTwoThirdsOfItsGrowthRan() {
    #expect(WorkPlacement.of(main: .milliseconds(10), offMain: .milliseconds(1)) == .mainActor)
    #expect(WorkPlacement.of(main: .milliseconds(1), offMain: .milliseconds(10)) == .offMain)
    #expect(WorkPlacement.of(main: .milliseconds(5), offMain: .milliseconds(5)) == .split)
    #expect(WorkPlacement.of(main: .microseconds(100), offMain: .microseconds(100)) == .none)
    #expect(WorkPlacement.of(main: .milliseconds(-3), offMain: .milliseconds(4)) == .offMain)
  }

  @Test func aFigureIsItsMedianAndItsMiddleEightyPercent() {
    let figure = CostFigure([5, 1, 3, 2, 4])
    #expect(figure.median == 3)
    #expect(figure.low > 1 && figure.low < 2 && figure.high > 4 && figure.high < 5)
    #expect(CostFigure([1.5]).description == "1.50 [1.50–1.50]")
  }

  @Test func aCellIsAFigureToTheMicrosecond() {
    #expect(ScreenCostReport.cell(1.23456) == "1.235")
    #expect(ScreenCostReport.cell(0.0004) == "0.000")
    #expect(ScreenCostReport.cell(12) == "12.000")
    #expect(ScreenCostReport.cell(-0.5) == "-0.500")
  }

  // MARK: - A run

  struct Page: Codable, Sendable {
    var items: [String]
  }

  /// A search whose client fetches JSON and decodes it; `stuck` never
  /// turns its spinner off.
  @Observable @MainActor
  final class JSONSearchModel {
    var query = "" {
      didSet { queryChanged() }
    }
    private(set) var results: [String] = []
    private(set) var isSearching = false
    @ObservationIgnored private let fetch: @Sendable (String) async throws -> Data
    @ObservationIgnored private let stuck: Bool
    @ObservationIgnored private var task: Task<Void, Never>?

    init(fetch: @escaping @Sendable (String) async throws -> Data, stuck: Bool) {
      self.fetch = fetch
      self.stuck = stuck
    }

    private func queryChanged() {
      task?.cancel()
      results = []
      guard !query.isEmpty else {
        isSearching = false
        return
      }
      isSearching = true
      let text = query
      task = Task {
        guard let data = try? await fetch(text), let page = try? JSONDecoder().decode(Page.self, from: data) else {
          return
        }
        results = page.items
        isSearching = stuck
      }
    }
  }

  static func screen(stuck: Bool = false) -> ScreenDescription<JSONSearchModel> {
    ScreenDescription(
      stuck ? "stuck-json-search" : "json-search", actions: [.type { $0.query = $1 }, .clear { $0.query = "" }]
    ) { deps in
      JSONSearchModel(
        fetch: deps.endpoint("search") { _, answer in
          answer.json(["items": answer.tokens(answer.payloadSize ?? 2)])
        }, stuck: stuck)
    } snapshot: { model in
      ScreenSnapshot(results: model.results, isLoading: model.isSearching)
    }
  }

  /// The run measures the floor and each action at each size, counts the
  /// calls each made and the bytes they carried, and orders clearing last.
  /// It fails if an action is left out, the payload size does not reach
  /// the answers, or a call is counted for the wrong action.
  @Test @MainActor func eachActionIsMeasuredAtEachSizeBesideTheFloor() async throws {
    let report = try await Self.screen().measureCosts(ScreenCostOptions(payloadSizes: [1, 200], repetitions: 2))
    #expect(report.screen == "json-search")
    #expect(report.costs.map(\.action) == ["floor", "floor", "type", "type", "clear", "clear"])
    #expect(report.costs.map(\.payloadSize) == [1, 200, 1, 200, 1, 200])
    #expect(report.costs.allSatisfy { $0.repetitions == 2 })
    let type = report.costs.filter { $0.action == "type" }
    #expect(type.map(\.calls) == [1, 1])
    #expect(type[0].bytes > 0 && type[1].bytes > 100 * type[0].bytes, "\(type.map(\.bytes))")
    #expect(report.costs.filter { $0.action != "type" }.allSatisfy { $0.calls == 0 && $0.bytes == 0 })
    #expect(type.allSatisfy { $0.timeToResult.median > 0 })
    #expect(Set(report.placements.keys) == ["floor", "type", "clear"])
    #expect(report.tabSeparatedLines.count == 6)
    #expect(report.tabSeparatedLines[2].hasPrefix("json-search\ttype\t1\t2\t"))
  }

  /// Answers that ignore the payload size measure the same answer at every
  /// size: the report says so, once, naming the action; answers built from
  /// the size get no such note.
  @Test @MainActor func answersThatIgnoreThePayloadSizeAreNamed() async throws {
    let ignoring = ScreenDescription("fixed-search", actions: [.type { $0.query = $1 }]) { deps in
      JSONSearchModel(
        fetch: deps.endpoint("search") { _, answer in answer.json(["items": answer.tokens(2)]) }, stuck: false)
    } snapshot: { model in
      ScreenSnapshot(results: model.results, isLoading: model.isSearching)
    }
    let options = ScreenCostOptions(payloadSizes: [1, 100], repetitions: 1)
    let report = try await ignoring.measureCosts(options)
    let notes = report.notes.filter { $0.contains("payload size") }
    #expect(notes.count == 1, "\(report.notes)")
    #expect(notes.first?.hasPrefix("type: its answers carried as much at the largest payload size") == true)
    #expect(try await Self.screen().measureCosts(options).notes.allSatisfy { !$0.contains("payload size") })
  }

  /// A feed whose answer takes 300 ms to build and whose result then holds
  /// the main actor 60 ms (it spins until the clock says so).
  @Observable @MainActor
  final class SlowFeedModel {
    private(set) var items: [String] = []
    private(set) var isLoading = false
    @ObservationIgnored private let fetch: @Sendable () async throws -> [String]

    init(fetch: @escaping @Sendable () async throws -> [String]) { self.fetch = fetch }

    func reload() {
      isLoading = true
      Task {
        let items = (try? await fetch()) ?? []
        ScreenCostTests.spin(.milliseconds(60))
        self.items = items
        isLoading = false
      }
    }
  }

  nonisolated static func spin(_ duration: Duration) {
    let end = ContinuousClock.now.advanced(by: duration)
    while ContinuousClock.now < end {}
  }

  /// The main actor's work after a slow answer is counted, on real
  /// executors: what the figures are is the pure reading's test below
  /// (`aSampleCountsTheWorkAfterASlowAnswerAndItsFramesOverTheWholeWindow`);
  /// this one checks only what no machine's load can change.
  @Test @MainActor func workAfterASlowAnswerIsCounted() async throws {
    let screen = ScreenDescription("slow-feed", actions: [.refresh { $0.reload() }]) { deps in
      SlowFeedModel(
        fetch: deps.endpoint("feed") { answer in
          ScreenCostTests.spin(.milliseconds(300))
          return answer.tokens(1)
        })
    } snapshot: { model in
      ScreenSnapshot(results: model.items, isLoading: model.isLoading)
    }
    let report = try await screen.measureCosts(ScreenCostOptions(payloadSizes: [1], repetitions: 1))
    let refresh = try #require(report.costs.first { $0.action == "refresh" })
    #expect(refresh.calls == 1)
    // The result spins the main actor until 60 ms have passed on the clock: however little of them the
    // thread ran, its heartbeat was held, and the answer's 300 ms are left out of the time to result.
    #expect(refresh.mainBusy.median > 0, "\(refresh)")
    #expect(refresh.timeToResult.median >= 60, "\(refresh)")
  }

  /// The reading of one action, on ticks made up for it: an answer built
  /// from 0 to 300 ms while the main actor idles, then the result holding
  /// the main actor from 301 to 360 ms. Its frames are counted over the
  /// whole window (a window shortened by the answer's building, as first
  /// written, counted none), its work and its time to result leave the
  /// answer out, and the CPU left over is the off-main work.
  @Test func aSampleCountsTheWorkAfterASlowAnswerAndItsFramesOverTheWholeWindow() {
    let instants = Array(0...300) + Array(360...370)
    let ticks = Self.ticks(instants, cpu: instants.map { $0 < 360 ? 0 : 59 })
    var tally = CostCalls.Tally()
    tally.started = 1
    tally.answerIntervals = [Self.at(0)...Self.at(300)]
    tally.answerProcessCPU = .milliseconds(300)
    let sample = CostSample(
      ticks: ticks, from: Self.at(0), to: Self.at(360), calls: tally, processCPU: .milliseconds(400),
      harnessCPU: .milliseconds(1))
    #expect(sample.mainBusy == .milliseconds(59))
    #expect(sample.longestStretch == .milliseconds(59))
    #expect(sample.timeToResult == .milliseconds(60))
    // By the frame rule above: at 120 Hz the frame due at 308.3 ms runs at 360 ms, after the one at
    // 300 ms, and six are missed; at 60 Hz, three.
    #expect(sample.missed120 == 6)
    #expect(sample.missed60 == 3)
    #expect(sample.offMainCPU == .milliseconds(40))
    #expect(sample.calls == 1)
  }

  /// An answer's building is kept apart (its stretch of time and the
  /// process's CPU time meanwhile), so that time to result and every other
  /// figure can leave it out.
  @Test func anAnswersBuildingIsKeptApart() throws {
    let calls = CostCalls()
    calls.reset(payloadSize: 3)
    let tokens = try calls.call(endpoint: "feed") { answer in
      ScreenCostTests.spin(.milliseconds(50))
      return answer.tokens(answer.payloadSize ?? 0)
    }
    #expect(tokens == ["feed1-1", "feed1-2", "feed1-3"])
    let tally = calls.current
    #expect(tally.started == 1 && tally.inFlight == 0)
    #expect(tally.answerIntervals.count == 1 && tally.answerWall >= .milliseconds(50))
    #expect(tally.answerProcessCPU > .zero)
    #expect(try calls.call(endpoint: "feed") { answer in answer.json(["n": 1]) }.count == 7)
    #expect(calls.current.bytes == 7)
  }

  /// A screen that never shows its result stops the run with one line
  /// naming the action, within the bound, instead of hanging it.
  @Test @MainActor func anActionThatNeverShowsItsResultStopsTheRunInOneLine() async throws {
    let options = ScreenCostOptions(
      payloadSizes: [1], repetitions: 1, quietPeriod: .milliseconds(5), bound: .milliseconds(200))
    let error = await #expect(throws: ScreenCostError.self) { try await Self.screen(stuck: true).measureCosts(options) }
    #expect(error?.description.hasPrefix("stuck-json-search: its type showed no result within 0.2 seconds") == true)
    #expect(error?.description.contains("\n") == false)
  }

  @Test @MainActor func badOptionsAreRefusedInOneLine() async throws {
    for (options, line) in [
      (ScreenCostOptions(payloadSizes: []), "json-search: a cost run needs at least one payload size"),
      (ScreenCostOptions(repetitions: 0), "json-search: a cost run needs at least one repetition, got 0"),
      (ScreenCostOptions(payloadSizes: [-1]), "json-search: a payload size must not be negative, got -1"),
    ] {
      let error = await #expect(throws: ScreenCostError.self) { try await Self.screen().measureCosts(options) }
      #expect(error?.description == line)
    }
  }
}
