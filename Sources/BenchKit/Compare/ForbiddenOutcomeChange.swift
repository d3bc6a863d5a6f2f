import Foundation

/// How often one variant showed outcomes graded `forbidden`, before and now.
///
/// Read from tables of counted outcomes (``TableShape/outcomeCounts``): the
/// `count` of every row whose `grade` is `forbidden`, over the `count` of all
/// rows of the variant.
public struct ForbiddenOutcomeChange: Sendable, Equatable {
  /// The variant and its parameters.
  public var key: RowKey
  /// Forbidden outcomes in the baseline.
  public var baselineForbidden: Int
  /// All outcomes in the baseline.
  public var baselineTotal: Int
  /// Forbidden outcomes now.
  public var currentForbidden: Int
  /// All outcomes now.
  public var currentTotal: Int

  /// The verdict on the forbidden rate (see ``judge(threshold:)``).
  public var verdict: ChangeVerdict

  /// Creates a change from counts and judges it.
  /// - Parameters:
  ///   - key: the variant and its parameters.
  ///   - baselineForbidden: forbidden outcomes in the baseline.
  ///   - baselineTotal: all outcomes in the baseline.
  ///   - currentForbidden: forbidden outcomes now.
  ///   - currentTotal: all outcomes now.
  ///   - threshold: the change in the forbidden rate that counts, in
  ///     proportion points (`0.05` is 5 percentage points).
  public init(
    key: RowKey, baselineForbidden: Int, baselineTotal: Int, currentForbidden: Int, currentTotal: Int,
    threshold: Double
  ) {
    self.key = key
    self.baselineForbidden = baselineForbidden
    self.baselineTotal = baselineTotal
    self.currentForbidden = currentForbidden
    self.currentTotal = currentTotal
    verdict = .unchanged
    verdict = judge(threshold: threshold)
  }

  /// The change in the forbidden rate, `current - baseline`, with Newcombe's
  /// 95 % interval (from the two Wilson score intervals).
  public var rateChange: (change: Double, interval: ConfidenceInterval) {
    let before = Double(baselineForbidden) / Double(max(baselineTotal, 1))
    let now = Double(currentForbidden) / Double(max(currentTotal, 1))
    let b = Self.wilsonInterval(baselineForbidden, of: baselineTotal)
    let n = Self.wilsonInterval(currentForbidden, of: currentTotal)
    let change = now - before
    let lower = change - ((now - n.lower) * (now - n.lower) + (b.upper - before) * (b.upper - before)).squareRoot()
    let upper = change + ((n.upper - now) * (n.upper - now) + (before - b.lower) * (before - b.lower)).squareRoot()
    return (change, ConfidenceInterval(lower: lower, upper: upper, level: 0.95))
  }

  /// Judges the change in the forbidden rate.
  ///
  /// None before and none now is ``ChangeVerdict/unchanged``; any now where
  /// there was none is ``ChangeVerdict/regressed`` (a forbidden outcome is a
  /// broken contract however rare). Otherwise the interval of
  /// ``rateChange`` is judged like a change in median (see
  /// ``ChangeVerdict/judge(_:threshold:)``), the threshold read as
  /// proportion points.
  /// - Parameter threshold: the change in rate that counts, like `0.05`.
  /// - Returns: the verdict.
  public func judge(threshold: Double) -> ChangeVerdict {
    if baselineForbidden == 0 && currentForbidden == 0 { return .unchanged }
    if baselineForbidden == 0 { return .regressed }
    return ChangeVerdict.judge(rateChange.interval, threshold: threshold)
  }

  /// The 95 % Wilson score interval of a proportion.
  /// - Parameters:
  ///   - successes: how many of the trials had the property.
  ///   - trials: how many trials; 0 gives `0...1`.
  /// - Returns: the interval.
  public static func wilsonInterval(_ successes: Int, of trials: Int) -> ConfidenceInterval {
    guard trials > 0 else { return ConfidenceInterval(lower: 0, upper: 1, level: 0.95) }
    let z = 1.959_963_984_540_054
    let n = Double(trials)
    let p = Double(successes) / n
    let centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    let half = z / (1 + z * z / n) * (p * (1 - p) / n + z * z / (4 * n * n)).squareRoot()
    return ConfidenceInterval(lower: max(0, centre - half), upper: min(1, centre + half), level: 0.95)
  }
}
