/// The ratio of two variants' medians with a bootstrap confidence interval.
///
/// For a speedup, put the slower baseline on top: `sequential / async let`.
public struct RatioEstimate: Sendable, Equatable {
  /// `median(numerator) / median(denominator)`.
  public var ratio: Double
  /// A bootstrap interval of the ratio (independent resampling of both sets).
  public var interval: ConfidenceInterval

  /// Estimates the ratio of medians of two sample sets.
  /// - Parameters:
  ///   - numerator: the samples on top.
  ///   - denominator: the samples below.
  ///   - bootstrap: how to draw the interval.
  public init(
    numerator: [Double],
    denominator: [Double],
    bootstrap: BootstrapConfiguration = BootstrapConfiguration()
  ) {
    if numerator.isEmpty || denominator.isEmpty {
      ratio = .nan
    } else {
      ratio =
        Statistics.percentile(0.5, ofSorted: numerator.sorted())
        / Statistics.percentile(0.5, ofSorted: denominator.sorted())
    }
    interval = Bootstrap.medianRatioInterval(numerator: numerator, denominator: denominator, configuration: bootstrap)
  }
}
