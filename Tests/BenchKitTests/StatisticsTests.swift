import BenchKit
import Testing

@Suite struct StatisticsTests {
  /// 1 through 10: type-7 percentiles worked by hand, h = (n - 1) p = 9 p.
  static let oneToTen: [Double] = (1...10).map(Double.init)

  @Test(arguments: [
    (0.0, 1.0),  // h = 0
    (0.25, 3.25),  // h = 2.25: 3 + 0.25 * (4 - 3)
    (0.5, 5.5),  // h = 4.5: 5 + 0.5 * (6 - 5)
    (0.75, 7.75),  // h = 6.75
    (0.9, 9.1),  // h = 8.1: 9 + 0.1 * (10 - 9)
    (0.99, 9.91),  // h = 8.91
    (0.999, 9.991),  // h = 8.991
    (1.0, 10.0),  // h = 9
  ])
  func percentilesInterpolateBetweenClosestRanks(fraction: Double, expected: Double) {
    let value = Statistics.percentile(fraction, ofSorted: Self.oneToTen)
    #expect(abs(value - expected) < 1e-9)
  }

  @Test func percentileOfOneValueIsThatValue() {
    #expect(Statistics.percentile(0.37, ofSorted: [4]) == 4)
  }

  @Test func meanAndSampleStandardDeviation() {
    #expect(Statistics.mean(Self.oneToTen) == 5.5)
    // Sum of squared deviations is 82.5; divided by n - 1 = 9.
    #expect(abs(Statistics.standardDeviation(Self.oneToTen) - (82.5 / 9).squareRoot()) < 1e-12)
    #expect(Statistics.standardDeviation([3]).isNaN)
    #expect(Statistics.mean([]).isNaN)
  }

  @Test(arguments: [
    [5.0],
    [2, 1],
    [3, 1, 2],
    [9, 1, 8, 2, 7, 3],
    [4, 4, 4, 1, 4],
    [10, -3, 7, 7, 2, 0, 11, 5],
  ])
  func selectionMedianMatchesSortedMedian(values: [Double]) {
    var copy = values
    #expect(Statistics.median(reordering: &copy) == Statistics.percentile(0.5, ofSorted: values.sorted()))
    #expect(copy.sorted() == values.sorted())
  }

  @Test func summaryOfKnownSample() {
    let summary = Summary(of: Self.oneToTen.reversed())
    #expect(summary.count == 10)
    #expect(summary.min == 1)
    #expect(summary.max == 10)
    #expect(summary.p50 == 5.5)
    #expect(abs(summary.p90 - 9.1) < 1e-9)
    #expect(abs(summary.p99 - 9.91) < 1e-9)
    #expect(abs(summary.p999 - 9.991) < 1e-9)
    #expect(summary.mean == 5.5)
    #expect(summary.outliers.low == 0 && summary.outliers.high == 0)
  }

  @Test func summaryOfNothingIsUndefined() {
    let summary = Summary(of: [])
    #expect(summary.count == 0)
    #expect(summary.p50.isNaN && summary.max.isNaN && summary.mean.isNaN)
    #expect(summary.medianInterval.lower.isNaN)
  }

  @Test func tukeyFencesCountButKeepOutliers() {
    // Sorted: -50, 1...9, 100 (n = 11). Q1: h = 2.5 -> 2.5; Q3: h = 7.5 -> 7.5;
    // IQR = 5, fences 2.5 - 7.5 = -5 and 7.5 + 7.5 = 15.
    let values: [Double] = [100, 1, 2, 3, 4, 5, 6, 7, 8, 9, -50]
    let outliers = TukeyOutliers(sorted: values.sorted())
    #expect(outliers.lowerFence == -5)
    #expect(outliers.upperFence == 15)
    #expect(outliers.low == 1)
    #expect(outliers.high == 1)
    let summary = Summary(of: values)
    #expect(summary.count == 11)
    #expect(summary.min == -50 && summary.max == 100)
  }

  @Test func valuesOnTheFencesAreNotOutliers() {
    // Sorted: 0, 0, 10, 10, 10, 20, 20 -> Q1 = 5 (h = 1.5), Q3 = 15 (h = 4.5),
    // fences -10 and 30.
    let outliers = TukeyOutliers(sorted: [-10, 0, 10, 10, 10, 20, 30])
    #expect(outliers.lowerFence == -10)
    #expect(outliers.upperFence == 30)
    #expect(outliers.low == 0 && outliers.high == 0)
  }
}
