import BenchKit
import Testing

@Suite struct SuiteReportTests {
  @Test func theUsualReportWritesSummarySamplesThenTheSuitesOwnTablesUnderItsName() {
    let variant = VariantResult(
      name: "v", parameters: [], metrics: [SampleSet(metric: "wall_ns", values: [1, 2])], completedIterations: 2,
      requestedIterations: 3)
    let run = RunResult(
      variants: [variant], configuration: RunnerConfiguration(iterations: 3), warmUpRounds: 0, elapsed: .zero,
      stopReason: .interrupted)
    let extra = ResultTable(columns: ["a"])
    let report = SuiteReport(
      suite: "demo", summary: ResultTable(columns: ["s"]), run: run, moreTables: [.init(name: "frames", table: extra)],
      headline: nil, notes: ["n"])
    #expect(report.tables.map(\.name) == ["demo", "demo-samples", "demo-frames"])
    #expect(report.tables[1].table.rows.count == 2, "one row per sample")
    #expect(report.notes == ["n"])
    #expect(report.isPartial, "an interrupted run makes a partial report")
  }
}
