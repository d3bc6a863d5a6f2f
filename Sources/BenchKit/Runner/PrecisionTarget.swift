/// When a variant has been measured enough: its median's confidence interval
/// is tight relative to the median.
///
/// A runner with a target measures each variant at least
/// ``minIterations`` times, then, at checks spaced about a tenth of its
/// count apart, stops the variant once the half-width of the distribution-free
/// confidence interval of its primary metric's median is at most
/// ``relativeHalfWidth`` of that median (see ``relativeHalfWidth(of:)``). A
/// variant that never gets there stops at the configuration's
/// ``RunnerConfiguration/iterations``, the maximum, and is reported as not
/// converged.
///
/// The check uses order statistics, not the bootstrap the tables report, so
/// that it costs one sort and draws no random numbers: the interval runs from
/// the sample of rank `n/2 - z·√n/2` to that of rank `n/2 + z·√n/2`, the
/// normal approximation of the binomial interval of the median. Both are
/// intervals of the same median at the same level and agree closely.
public struct PrecisionTarget: Sendable, Equatable {
  /// The largest accepted ratio of the interval's half-width to the median, like `0.03`.
  public var relativeHalfWidth: Double
  /// Samples measured before the first check; at least 2.
  public var minIterations: Int
  /// The normal quantile of the interval's level; 1.96 for 95 %.
  public var z: Double

  /// Creates a target.
  /// - Parameters:
  ///   - relativeHalfWidth: the largest accepted half-width over the median; positive.
  ///   - minIterations: samples before the first check; at least 2.
  ///   - z: the normal quantile of the level; 1.96 for 95 %.
  public init(relativeHalfWidth: Double, minIterations: Int, z: Double = 1.96) {
    precondition(relativeHalfWidth > 0, "a precision target must be positive, got \(relativeHalfWidth)")
    precondition(minIterations >= 2, "a precision target needs at least 2 samples, got \(minIterations)")
    self.relativeHalfWidth = relativeHalfWidth
    self.minIterations = minIterations
    self.z = z
  }

  /// The half-width of the median's distribution-free interval over the
  /// median's magnitude; infinite for fewer than 2 values or a zero median.
  /// - Parameter values: the samples, in any order.
  /// - Returns: the relative half-width.
  public func relativeHalfWidth(of values: [Double]) -> Double {
    guard values.count >= 2 else { return .infinity }
    let sorted = values.sorted()
    let count = Double(sorted.count)
    let spread = z * count.squareRoot() / 2
    let lower = max(Int((count / 2 - spread).rounded(.down)), 0)
    let upper = min(Int((count / 2 + spread).rounded(.up)), sorted.count - 1)
    let median = Statistics.percentile(0.5, ofSorted: sorted)
    guard median != 0, median.isFinite else { return .infinity }
    return (sorted[upper] - sorted[lower]) / 2 / abs(median)
  }

  /// Whether `values` meet the target: at least ``minIterations`` of them,
  /// and a relative half-width at most ``relativeHalfWidth``.
  /// - Parameter values: the samples of the primary metric.
  /// - Returns: `true` when the variant may stop.
  public func isMet(by values: [Double]) -> Bool {
    values.count >= minIterations && relativeHalfWidth(of: values) <= relativeHalfWidth
  }

  /// The count at which a variant with `count` samples is checked next:
  /// ``minIterations`` first, then about a tenth more each time, so that
  /// checks cost little beside the samples.
  /// - Parameter count: the samples measured so far.
  /// - Returns: the count of the next check.
  public func nextCheck(after count: Int) -> Int {
    count < minIterations ? minIterations : count + max(count / 10, 1)
  }
}
