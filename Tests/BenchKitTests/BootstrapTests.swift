import BenchKit
import Testing

@Suite struct BootstrapTests {
  static let sample: [Double] = [12, 15, 11, 19, 14, 13, 30, 16, 12, 14, 17, 13, 15, 18, 12]

  @Test func medianIntervalBracketsTheMedianAndIsReproducible() {
    let configuration = BootstrapConfiguration(resamples: 1_000, level: 0.95, seed: 7)
    let first = Bootstrap.medianInterval(of: Self.sample, configuration: configuration)
    let second = Bootstrap.medianInterval(of: Self.sample, configuration: configuration)
    let median = Statistics.percentile(0.5, ofSorted: Self.sample.sorted())
    #expect(median == 14)
    #expect(first == second)
    #expect(first.contains(median))
    #expect(first.lower >= 11 && first.upper <= 30)
    #expect(first.lower < first.upper)
    #expect(first.level == 0.95)
    // Pinned so that a change to the resampling is noticed.
    #expect(first == ConfidenceInterval(lower: 13, upper: 16, level: 0.95))
  }

  @Test func differentSeedsDrawDifferentResamples() {
    let intervals = (0..<20).map { seed in
      Bootstrap.medianInterval(
        of: Self.sample, configuration: BootstrapConfiguration(resamples: 50, seed: UInt64(seed)))
    }
    #expect(Set(intervals.map(\.lower)).count + Set(intervals.map(\.upper)).count > 2)
  }

  @Test func constantSamplesGiveADegenerateInterval() {
    let interval = Bootstrap.medianInterval(of: [5, 5, 5, 5])
    #expect(interval == ConfidenceInterval(lower: 5, upper: 5, level: 0.95))
  }

  @Test func ratioOfConstantSamplesIsExact() {
    let estimate = RatioEstimate(numerator: [20, 20, 20], denominator: [10, 10, 10, 10])
    #expect(estimate.ratio == 2)
    #expect(estimate.interval == ConfidenceInterval(lower: 2, upper: 2, level: 0.95))
  }

  @Test func ratioIntervalBracketsTheRatioOfMedians() {
    let numerator: [Double] = [18, 19, 20, 21, 22, 20, 19, 21]
    let denominator: [Double] = [9, 10, 11, 10, 9.5, 10.5, 10]
    let bootstrap = BootstrapConfiguration(resamples: 500, seed: 3)
    let estimate = RatioEstimate(numerator: numerator, denominator: denominator, bootstrap: bootstrap)
    #expect(estimate.ratio == 2)
    #expect(estimate.interval.contains(2))
    #expect(estimate.interval.lower >= 18.0 / 11 && estimate.interval.upper <= 22.0 / 9)
    #expect(estimate == RatioEstimate(numerator: numerator, denominator: denominator, bootstrap: bootstrap))
  }

  @Test func ratioOfEmptySamplesIsUndefined() {
    let estimate = RatioEstimate(numerator: [], denominator: [1])
    #expect(estimate.ratio.isNaN)
    #expect(estimate.interval.lower.isNaN)
  }

  @Test func pairedRatiosDividePairByPair() {
    #expect(PairedRatio.ratios(numerator: [10, 30, 8, 99], denominator: [5, 10, 4]) == [2, 3, 2])
    let summary = PairedRatio.summary(numerator: [10, 30, 8], denominator: [5, 10, 4])
    #expect(summary.count == 3)
    #expect(summary.p50 == 2)
  }
}
