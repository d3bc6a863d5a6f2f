import BenchKit
import Testing

@Suite struct RunResultPoolingTests {
  static func variant(_ name: String, completed: Int) -> VariantResult {
    VariantResult(
      name: name, parameters: [.init("kind", name)],
      metrics: [SampleSet(metric: "wall_ns", values: Array(repeating: 1, count: completed))],
      completedIterations: completed, requestedIterations: completed)
  }

  @Test func keepsTheMeasuredIterationsPoolsThemAndListsEverySample() {
    let run = RunResult(
      variants: [Self.variant("a", completed: 2), Self.variant("b", completed: 1)],
      configuration: RunnerConfiguration(iterations: 2), warmUpRounds: 1, elapsed: .zero, stopReason: nil)
    // "a": one warm-up iteration, then two measured; "b" recorded nothing.
    let (pooled, rows) = run.pooling(
      ["a": [[9, 9], [1, 2], [3]]], as: "inner_ns", innerColumn: "position", valueColumns: ["value", "twice"]
    ) { _, value in ["\(Int(value))", "\(Int(value * 2))"] }

    #expect(pooled.variants[0].samples(of: "inner_ns")?.values == [1, 2, 3])
    #expect(pooled.variants[1].samples(of: "inner_ns") == nil)
    #expect(rows.columns == ["variant", "kind", "iteration", "position", "value", "twice"])
    #expect(
      rows.rows == [
        ["a", "a", "0", "0", "1", "2"], ["a", "a", "0", "1", "2", "4"], ["a", "a", "1", "0", "3", "6"],
      ])
  }
}
