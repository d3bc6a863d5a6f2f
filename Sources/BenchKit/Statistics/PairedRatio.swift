/// Per-iteration ratios of two variants measured in the same rounds.
///
/// The runner runs every variant once per round, so iteration `i` of two
/// variants shares its round and the drift of that moment. Dividing pair by
/// pair cancels that drift; the summary of the ratios (median, interval,
/// percentiles) is often tighter than ``RatioEstimate``.
public enum PairedRatio {
  /// The ratios `numerator[i] / denominator[i]` over the common prefix.
  /// - Parameters:
  ///   - numerator: per-iteration samples on top.
  ///   - denominator: per-iteration samples below, in the same iteration order.
  /// - Returns: `min(numerator.count, denominator.count)` ratios.
  public static func ratios(numerator: [Double], denominator: [Double]) -> [Double] {
    zip(numerator, denominator).map { $0 / $1 }
  }

  /// Summarises the per-iteration ratios.
  /// - Parameters:
  ///   - numerator: per-iteration samples on top.
  ///   - denominator: per-iteration samples below.
  ///   - bootstrap: how to draw the median's interval.
  /// - Returns: the summary of the ratios.
  public static func summary(
    numerator: [Double],
    denominator: [Double],
    bootstrap: BootstrapConfiguration = BootstrapConfiguration()
  ) -> Summary {
    Summary(of: ratios(numerator: numerator, denominator: denominator), bootstrap: bootstrap)
  }
}
