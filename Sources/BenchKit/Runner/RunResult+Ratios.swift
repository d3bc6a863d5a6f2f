extension RunResult {
  /// The ratio of two variants' medians of one metric, with a bootstrap interval.
  ///
  /// For a speedup put the slower baseline on top:
  /// `result.medianRatio(of: "sequential", to: "async let")`.
  /// - Parameters:
  ///   - numerator: the name of the variant on top.
  ///   - denominator: the name of the variant below.
  ///   - metric: the metric; the primary one when `nil`.
  ///   - bootstrap: how to draw the interval.
  /// - Returns: the estimate, or `nil` if a variant or the metric is missing.
  public func medianRatio(
    of numerator: String,
    to denominator: String,
    metric: String? = nil,
    bootstrap: BootstrapConfiguration = BootstrapConfiguration()
  ) -> RatioEstimate? {
    guard let (top, bottom) = samples(numerator, denominator, metric: metric) else { return nil }
    return RatioEstimate(numerator: top, denominator: bottom, bootstrap: bootstrap)
  }

  /// The summary of per-iteration ratios of two variants (see ``PairedRatio``).
  /// - Parameters:
  ///   - numerator: the name of the variant on top.
  ///   - denominator: the name of the variant below.
  ///   - metric: the metric; the primary one when `nil`.
  ///   - bootstrap: how to draw the median's interval.
  /// - Returns: the summary, or `nil` if a variant or the metric is missing.
  public func pairedRatio(
    of numerator: String,
    to denominator: String,
    metric: String? = nil,
    bootstrap: BootstrapConfiguration = BootstrapConfiguration()
  ) -> Summary? {
    guard let (top, bottom) = samples(numerator, denominator, metric: metric) else { return nil }
    return PairedRatio.summary(numerator: top, denominator: bottom, bootstrap: bootstrap)
  }

  private func samples(_ numerator: String, _ denominator: String, metric: String?) -> ([Double], [Double])? {
    guard let top = variant(named: numerator), let bottom = variant(named: denominator) else { return nil }
    guard let topSamples = metric.map({ top.samples(of: $0) }) ?? top.primary,
      let bottomSamples = metric.map({ bottom.samples(of: $0) }) ?? bottom.primary
    else { return nil }
    return (topSamples.values, bottomSamples.values)
  }
}
