/// What a change in a lower-is-better median means against a threshold.
///
/// With threshold `t` and the change's interval `[low, high]`:
/// - ``regressed``: `low > t`, the whole interval is worse than the threshold;
/// - ``improved``: `high < -t`, the whole interval is better than the threshold;
/// - ``unchanged``: `-t <= low` and `high <= t`, the whole interval is within it;
/// - ``tooNoisy``: the interval straddles `t` or `-t` (or is undefined), so
///   the data cannot tell; it is never guessed.
public enum ChangeVerdict: String, Sendable, Equatable, CaseIterable {
  /// Better beyond the threshold.
  case improved
  /// Within the threshold.
  case unchanged
  /// Worse beyond the threshold.
  case regressed
  /// The interval straddles the threshold.
  case tooNoisy = "too noisy to tell"

  /// Judges a change.
  /// - Parameters:
  ///   - interval: the interval of the relative change (`+0.1` is 10 % worse).
  ///   - threshold: the relative change that counts, like `0.05`; positive.
  /// - Returns: the verdict.
  public static func judge(_ interval: ConfidenceInterval, threshold: Double) -> ChangeVerdict {
    guard interval.lower.isFinite, interval.upper.isFinite else { return .tooNoisy }
    if interval.lower > threshold { return .regressed }
    if interval.upper < -threshold { return .improved }
    if interval.lower >= -threshold && interval.upper <= threshold { return .unchanged }
    return .tooNoisy
  }
}
