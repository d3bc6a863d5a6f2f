import BenchKit

/// The cells of the compact tables suites print by default: a median with
/// its interval in a few characters.
enum CompactCell {
  /// A median and the half-width of its 95 % interval relative to it, like
  /// `5.30 ms ±0.4%`; the time alone when the interval is undefined.
  /// - Parameters:
  ///   - summary: the samples' summary.
  ///   - format: renders the median, by default as a time in nanoseconds.
  /// - Returns: the cell text.
  static func median(_ summary: Summary, format: (Double) -> String = { CellFormat.time(nanoseconds: $0) })
    -> String
  {
    let value = format(summary.p50)
    let interval = summary.medianInterval
    guard summary.p50 != 0, interval.lower.isFinite, interval.upper.isFinite else { return value }
    let relative = (interval.upper - interval.lower) / 2 / abs(summary.p50) * 100
    return "\(value) ±\(CellFormat.fixed(relative, digits: relative < 10 ? 1 : 0))%"
  }

  /// A ratio and its interval, like `1.98x [1.97–1.99]`.
  /// - Parameter estimate: the ratio and its interval.
  /// - Returns: the cell text.
  static func ratio(_ estimate: RatioEstimate) -> String {
    "\(CellFormat.ratio(estimate.ratio)) [\(CellFormat.fixed(estimate.interval.lower, digits: 2))–"
      + "\(CellFormat.fixed(estimate.interval.upper, digits: 2))]"
  }
}
