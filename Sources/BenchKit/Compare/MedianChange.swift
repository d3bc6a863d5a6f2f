/// How much a median moved from a baseline to a current run, with a confidence interval.
///
/// The change is relative: `current / baseline - 1`, so `+0.2` means 20 %
/// slower for a time. It is estimated from the raw samples when both runs
/// kept them, else from the two summaries' intervals of the median.
public struct MedianChange: Sendable, Equatable {
  /// Where the interval comes from.
  public enum Method: String, Sendable, Equatable {
    /// A percentile bootstrap of the ratio of medians, resampling both sides' raw samples.
    case bootstrap
    /// From the summaries: `[current low / baseline high, current high / baseline low] - 1`,
    /// wider than the bootstrap (both intervals' extremes at once).
    case summaryIntervals = "summary intervals"
  }

  /// The baseline's median.
  public var baselineMedian: Double
  /// The current run's median.
  public var currentMedian: Double
  /// `currentMedian / baselineMedian - 1`.
  public var change: Double
  /// An interval of ``change``.
  public var interval: ConfidenceInterval
  /// Where ``interval`` comes from.
  public var method: Method

  /// Estimates the change from both runs' raw samples.
  /// - Parameters:
  ///   - baseline: the baseline's samples; not empty.
  ///   - current: the current run's samples; not empty.
  ///   - bootstrap: resamples, level and seed.
  /// - Returns: the change, with a bootstrap interval.
  public static func fromSamples(
    baseline: [Double], current: [Double], bootstrap: BootstrapConfiguration
  ) -> MedianChange {
    let estimate = RatioEstimate(numerator: current, denominator: baseline, bootstrap: bootstrap)
    return MedianChange(
      baselineMedian: Statistics.percentile(0.5, ofSorted: baseline.sorted()),
      currentMedian: Statistics.percentile(0.5, ofSorted: current.sorted()),
      change: estimate.ratio - 1,
      interval: ConfidenceInterval(
        lower: estimate.interval.lower - 1, upper: estimate.interval.upper - 1, level: estimate.interval.level),
      method: .bootstrap
    )
  }

  /// Estimates the change from the summaries alone (no samples kept).
  /// - Parameters:
  ///   - baselineMedian: the baseline's `p50`.
  ///   - baselineInterval: the baseline's `p50_ci_low`…`p50_ci_high`.
  ///   - currentMedian: the current run's `p50`.
  ///   - currentInterval: the current run's interval of the median.
  /// - Returns: the change, with the conservative interval of ``Method/summaryIntervals``.
  public static func fromSummaries(
    baselineMedian: Double, baselineInterval: ConfidenceInterval,
    currentMedian: Double, currentInterval: ConfidenceInterval
  ) -> MedianChange {
    MedianChange(
      baselineMedian: baselineMedian,
      currentMedian: currentMedian,
      change: currentMedian / baselineMedian - 1,
      interval: ConfidenceInterval(
        lower: currentInterval.lower / baselineInterval.upper - 1,
        upper: currentInterval.upper / baselineInterval.lower - 1,
        level: currentInterval.level
      ),
      method: .summaryIntervals
    )
  }
}
