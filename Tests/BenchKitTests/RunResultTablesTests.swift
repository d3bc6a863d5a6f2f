import BenchKit
import Testing

@Suite struct RunResultTablesTests {
  static let result = RunResult(
    variants: [
      VariantResult(
        name: "sequential",
        parameters: [.init("strategy", "sequential"), .init("latency_ms", "10")],
        metrics: [
          SampleSet(metric: "elapsed_ns", values: [20, 22, 21]),
          SampleSet(metric: "ideal_ns", values: [19.5, 21, 20]),
        ],
        completedIterations: 3,
        requestedIterations: 3
      ),
      VariantResult(
        name: "async let, \"fast\"",
        parameters: [.init("strategy", "async-let"), .init("routes", "2")],
        metrics: [SampleSet(metric: "elapsed_ns", values: [11, 10])],
        completedIterations: 2,
        requestedIterations: 3,
        interrupted: true
      ),
    ],
    configuration: RunnerConfiguration(iterations: 3),
    warmUpRounds: 0,
    elapsed: .seconds(1),
    stopReason: .interrupted
  )

  @Test func samplesTableIsLongFormat() {
    let expected = #"""
      variant,strategy,latency_ms,routes,iteration,metric,value
      sequential,sequential,10,,0,elapsed_ns,20
      sequential,sequential,10,,1,elapsed_ns,22
      sequential,sequential,10,,2,elapsed_ns,21
      sequential,sequential,10,,0,ideal_ns,19.5
      sequential,sequential,10,,1,ideal_ns,21
      sequential,sequential,10,,2,ideal_ns,20
      "async let, ""fast""",async-let,,2,0,elapsed_ns,11
      "async let, ""fast""",async-let,,2,1,elapsed_ns,10

      """#
    #expect(CSVWriter.render(Self.result.samplesTable()) == expected)
  }

  @Test func summaryTableHasOneRowPerVariantAndMetric() throws {
    let table = Self.result.summaryTable(bootstrap: BootstrapConfiguration(resamples: 200, seed: 1))
    #expect(table.columns == ["variant", "strategy", "latency_ms", "routes"] + RunResult.summaryColumns)
    #expect(table.rows.count == 3)
    #expect(try #require(table.column("metric")) == ["elapsed_ns", "ideal_ns", "elapsed_ns"])
    #expect(try #require(table.column("count")) == ["3", "3", "2"])
    #expect(try #require(table.column("p50")) == ["21", "20", "10.5"])
    #expect(try #require(table.column("min")) == ["20", "19.5", "10"])
    #expect(try #require(table.column("max")) == ["22", "21", "11"])
    #expect(try #require(table.column("stddev")) == ["1", "0.7637626158259733", "0.7071067811865476"])
    #expect(try #require(table.column("interrupted")) == ["false", "false", "true"])
    #expect(try #require(table.column("requested")) == ["3", "3", "3"])
    for (low, high) in zip(try #require(table.column("p50_ci_low")), try #require(table.column("p50_ci_high"))) {
      #expect(try #require(Double(low)) <= #require(Double(high)))
    }
    #expect(table == Self.result.summaryTable(bootstrap: BootstrapConfiguration(resamples: 200, seed: 1)))
    #expect(Self.result.isPartial)
  }
}

@Suite struct RunResultRatioTests {
  static let result = RunResult(
    variants: [
      VariantResult(
        name: "sequential", parameters: [],
        metrics: [SampleSet(metric: "elapsed_ns", values: [20, 22, 18]), SampleSet(metric: "ideal_ns", values: [4])],
        completedIterations: 3, requestedIterations: 3
      ),
      VariantResult(
        name: "async let", parameters: [], metrics: [SampleSet(metric: "elapsed_ns", values: [10, 11, 9])],
        completedIterations: 3, requestedIterations: 3
      ),
    ],
    configuration: RunnerConfiguration(iterations: 3),
    warmUpRounds: 0,
    elapsed: .zero,
    stopReason: nil
  )

  @Test func ratiosOfNamedVariants() throws {
    let speedup = try #require(Self.result.medianRatio(of: "sequential", to: "async let"))
    #expect(speedup.ratio == 2)
    #expect(speedup.interval.contains(2))
    let paired = try #require(Self.result.pairedRatio(of: "sequential", to: "async let"))
    #expect(paired.p50 == 2 && paired.min == 2 && paired.max == 2)
    #expect(Self.result.medianRatio(of: "sequential", to: "missing") == nil)
    #expect(Self.result.medianRatio(of: "sequential", to: "async let", metric: "ideal_ns") == nil)
  }
}
