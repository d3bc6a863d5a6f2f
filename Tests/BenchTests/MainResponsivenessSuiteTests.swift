import BenchKit
import Foundation
import MockNetwork
import ProfileScene
import Testing

@testable import BenchSuites

@Suite struct MainResponsivenessSuiteTests {
  // One per test, not a static: a Data kept in a global until exit is reported by
  // LeakSanitizer (see scripts/lsan-suppressions.txt).
  let dataset = MockDataset(scale: .init(users: 2, postsPerUser: 12, bodyLength: 300))

  /// Every placement must show the same, complete profile while the frame
  /// loop runs; the probe throws otherwise. No timing is asserted.
  @MainActor
  @Test(arguments: WorkPlacement.allCases, [60, 120])
  func everyPlacementShowsTheWholeProfileUnderTheFrameLoop(placement: WorkPlacement, hertz: Int) async throws {
    let transport = MockTransport(.init(dataset: dataset))
    let spec = MainResponsivenessCase(placement: placement, hertz: hertz, posts: 12)
    let observation = try await MainResponsivenessProbe.measure(
      spec, transport: transport, userId: 2, expectedName: dataset.user(id: 2)!.name)

    #expect(observation.load > .zero)
    #expect(!observation.gaps.gaps.isEmpty, "the load overlaps at least the gap it started in")
    #expect(transport.records.map(\.userID) == [2, 2])
  }

  @MainActor
  @Test func aLoadThatShowsAnErrorIsReportedNotMeasured() async throws {
    let transport = MockTransport(
      .init(dataset: dataset, posts: RouteBehavior(failures: [FailureRule(.status(500))])))
    let spec = MainResponsivenessCase(placement: .structWorker, hertz: 120, posts: 12)
    await #expect(throws: MainResponsivenessError.self) {
      try await MainResponsivenessProbe.measure(
        spec, transport: transport, userId: 1, expectedName: dataset.user(id: 1)!.name)
    }
  }

  @Test func warmUpLoadsAreLeftOutOfTheFramesAndThePooledGaps() throws {
    let spec = MainResponsivenessCase(placement: .mainActor, hertz: 60, posts: 10)
    let period = spec.period
    let variant = VariantResult(
      name: spec.title, parameters: spec.parameters,
      metrics: zip(
        MainResponsivenessCase.metrics,
        [[20e6, 18e6], [1, 0], [1, 0], [2 * period.nanoseconds, period.nanoseconds], [2, 1]]
      ).map { SampleSet(metric: $0, values: $1) },
      completedIterations: 2, requestedIterations: 2)
    let run = RunResult(
      variants: [variant], configuration: RunnerConfiguration(iterations: 2), warmUpRounds: 1, elapsed: .seconds(1),
      stopReason: nil)
    let warmUp = [period * 9]
    let measured = [[period, period * 2], [period]]

    let table = MainResponsivenessTable(
      run: run, cases: [spec], gaps: [spec.title: [warmUp] + measured], bootstrap: BootstrapConfiguration())

    #expect(table.frames.column("iteration") == ["0", "0", "1"])
    #expect(table.frames.column("dropped_frames") == ["0", "1", "0"])
    let metrics = table.summary.column("metric") ?? []
    let counts = table.summary.column("count") ?? []
    let gapRow = try #require(metrics.firstIndex(of: "frame_gap_ns"))
    #expect(counts[gapRow] == "3")
    #expect(table.headline.rows.first?.last == "1/2")
  }

  @Test func aQuickRunWritesEveryPlacementAtBothRates() async throws {
    var options = BenchOptions()
    options.quick = true
    // No time cap: a slow build (debug, ThreadSanitizer) must finish the run, not cut it short.
    options.maxTime = .seconds(3_600)
    options.iterations = 1
    options.warmUpIterations = 0
    let context = SuiteContext(
      options: options, environment: BenchEnvironment.capture(clock: ClockCalibration.measure(reads: 100)))

    let report = try await MainResponsivenessSuite().run(in: context)

    let plan = MainResponsivenessPlan(options: options)
    #expect(Set(plan.cases.map(\.placement)) == Set(WorkPlacement.allCases))
    #expect(Set(plan.cases.map(\.hertz)) == [60, 120])
    let summary = try #require(report.tables.first { $0.name == "main-responsiveness" }?.table)
    let referenceRows = plan.postCounts.count * 3
    #expect(summary.rows.count == plan.cases.count * (MainResponsivenessCase.metrics.count + 1) + referenceRows)
    let reference = summary.rows.filter { $0[1] == "reference" }
    #expect(
      Set(reference.map { $0[summary.columns.firstIndex(of: "metric")!] }) == [
        "decode_ns", "format_ns", "payload_bytes",
      ])
    #expect(
      Array(summary.columns.prefix(8)) == [
        "variant", "placement", "decodes_on", "hertz", "frame_budget_ms", "posts", "body_chars", "metric",
      ])
    let frames = try #require(report.tables.first { $0.name == "main-responsiveness-frames" }?.table)
    #expect(frames.rows.count >= plan.cases.count)
    #expect(report.headline?.rows.count == plan.cases.count)
    #expect(report.isPartial == false)
    #expect(MainResponsivenessSuite().runsByDefault == false)
  }
}
