import BenchKit
import Testing

/// The stopping rule: a variant leaves the run once its median's interval is
/// tight enough, and is reported as converged or not.
@Suite struct PrecisionTargetTests {
  /// A variant whose samples are `values`, in order, repeated.
  static func variant(_ name: String, cycling values: [Double]) -> BenchmarkVariant {
    let counter = CallRecorder()
    return BenchmarkVariant(name: name, parameters: [.init("name", name)], metrics: ["ns"]) {
      [values[(counter.record(name) - 1) % values.count]]
    }
  }

  @Test func theIntervalRunsBetweenTheOrderStatisticsAroundTheMedian() {
    let target = PrecisionTarget(relativeHalfWidth: 0.05, minIterations: 10)
    // n = 100: ranks 50 ∓ 1.96·√100/2 = 40.2 and 59.8, so the 41st and the
    // 61st smallest, 41 and 61: half-width 10 around a median of 50.5.
    let values = (1...100).map(Double.init).reversed()
    #expect(abs(target.relativeHalfWidth(of: Array(values)) - 10 / 50.5) < 1e-12)
    #expect(!target.isMet(by: Array(values)))
    #expect(target.relativeHalfWidth(of: [5]) == .infinity)
    #expect(target.relativeHalfWidth(of: [0, 0, 0]) == .infinity)
  }

  @Test func aSteadySequenceMeetsTheTargetOnceItHasTheMinimumCount() {
    let target = PrecisionTarget(relativeHalfWidth: 0.02, minIterations: 10)
    let steady = (0..<10).map { 100 + Double($0 % 3) - 1 }  // 99, 100, 101, ...
    #expect(target.relativeHalfWidth(of: steady) == 0.01)
    #expect(target.isMet(by: steady))
    #expect(!target.isMet(by: Array(steady.prefix(9))), "fewer samples than the minimum never stop a variant")
  }

  @Test func checksComeAtTheMinimumThenAboutATenthApart() {
    let target = PrecisionTarget(relativeHalfWidth: 0.02, minIterations: 10)
    #expect([0, 9, 10, 15, 100, 600].map(target.nextCheck(after:)) == [10, 10, 11, 16, 110, 660])
  }

  @Test func aConvergedVariantLeavesTheRunAndTheOtherGoesOnToTheMaximum() async throws {
    let target = PrecisionTarget(relativeHalfWidth: 0.02, minIterations: 10)
    let configuration = RunnerConfiguration(iterations: 30, seed: 3, precision: target)
    let result = try await InterleavedRunner(configuration: configuration).run([
      Self.variant("steady", cycling: [99, 100, 101]),
      Self.variant("noisy", cycling: [1, 1_000]),
    ])
    #expect(result.variants.map(\.completedIterations) == [10, 30])
    #expect(result.variants.map(\.converged) == [true, false])
    #expect(result.variants.map(\.requestedIterations) == [30, 30])
    #expect(result.stopReason == nil)
    #expect(!result.isPartial, "neither stopping at the target nor at the maximum is partial")
    let table = result.summaryTable()
    #expect(table.column("converged") == ["true", "false"])
    #expect(table.column("count") == ["10", "30"])
    #expect(table.column("truncated") == ["false", "false"])
  }

  @Test func aRunEndsOnceEveryVariantHasConverged() async throws {
    let recorder = CallRecorder()
    let target = PrecisionTarget(relativeHalfWidth: 0.05, minIterations: 12)
    let variants = ["a", "b", "c"].map { name in
      BenchmarkVariant(name: name, metrics: ["ns"]) {
        _ = recorder.record(name)
        return [50]
      }
    }
    let result = try await InterleavedRunner(
      configuration: RunnerConfiguration(iterations: 1_000, precision: target)
    ).run(variants)
    #expect(recorder.calls.count == 36)
    #expect(result.variants.allSatisfy { $0.converged == true && $0.completedIterations == 12 })
  }

  @Test func withoutATargetTheConvergedColumnIsEmpty() async throws {
    let result = try await InterleavedRunner(configuration: RunnerConfiguration(iterations: 3))
      .run([Self.variant("fixed", cycling: [1, 2])])
    #expect(result.variants[0].converged == nil)
    #expect(result.summaryTable().column("converged") == [""])
  }
}
