/// The statistics reported for one sample set.
///
/// Percentiles lead; mean and standard deviation are there for completeness.
/// Percentiles are definition 7 (see ``Statistics``), the standard deviation
/// divides by `n - 1`, the median's interval is a percentile bootstrap (see
/// ``BootstrapConfiguration``), and outliers are counted by Tukey's fences,
/// never dropped. For an empty set `count` is 0 and every value is `nan`.
public struct Summary: Sendable, Equatable {
  /// How many samples.
  public var count: Int
  /// The smallest sample.
  public var min: Double
  /// The median.
  public var p50: Double
  /// The 90th percentile.
  public var p90: Double
  /// The 99th percentile.
  public var p99: Double
  /// The 99.9th percentile.
  public var p999: Double
  /// The largest sample.
  public var max: Double
  /// The arithmetic mean.
  public var mean: Double
  /// The sample standard deviation (divisor `n - 1`); `nan` below two samples.
  public var standardDeviation: Double
  /// A bootstrap confidence interval of the median.
  public var medianInterval: ConfidenceInterval
  /// Outliers by Tukey's fences, counted but kept.
  public var outliers: TukeyOutliers

  /// Summarises samples.
  /// - Parameters:
  ///   - values: the samples, in any order.
  ///   - bootstrap: how to draw the median's confidence interval.
  public init(of values: [Double], bootstrap: BootstrapConfiguration = BootstrapConfiguration()) {
    let sorted = values.sorted()
    count = sorted.count
    medianInterval = Bootstrap.medianInterval(of: values, configuration: bootstrap)
    outliers = TukeyOutliers(sorted: sorted)
    mean = Statistics.mean(sorted)
    standardDeviation = Statistics.standardDeviation(sorted)
    guard let first = sorted.first, let last = sorted.last else {
      (min, p50, p90, p99, p999, max) = (.nan, .nan, .nan, .nan, .nan, .nan)
      return
    }
    min = first
    max = last
    p50 = Statistics.percentile(0.5, ofSorted: sorted)
    p90 = Statistics.percentile(0.9, ofSorted: sorted)
    p99 = Statistics.percentile(0.99, ofSorted: sorted)
    p999 = Statistics.percentile(0.999, ofSorted: sorted)
  }
}
