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

  /// Creates a change from counts.
  /// - Parameters:
  ///   - key: the variant and its parameters.
  ///   - baselineForbidden: forbidden outcomes in the baseline.
  ///   - baselineTotal: all outcomes in the baseline.
  ///   - currentForbidden: forbidden outcomes now.
  ///   - currentTotal: all outcomes now.
  public init(key: RowKey, baselineForbidden: Int, baselineTotal: Int, currentForbidden: Int, currentTotal: Int) {
    self.key = key
    self.baselineForbidden = baselineForbidden
    self.baselineTotal = baselineTotal
    self.currentForbidden = currentForbidden
    self.currentTotal = currentTotal
  }

  /// The verdict on the forbidden rate.
  ///
  /// None before and none now is ``ChangeVerdict/unchanged``; any now where
  /// there was none is ``ChangeVerdict/regressed`` (a forbidden outcome is a
  /// broken contract however rare). Otherwise the 95 % Wilson intervals of
  /// the two rates decide: apart means regressed or improved, overlapping
  /// means ``ChangeVerdict/tooNoisy``.
  public var verdict: ChangeVerdict {
    if baselineForbidden == 0 && currentForbidden == 0 { return .unchanged }
    if baselineForbidden == 0 { return .regressed }
    let before = Self.wilsonInterval(baselineForbidden, of: baselineTotal)
    let now = Self.wilsonInterval(currentForbidden, of: currentTotal)
    if now.lower > before.upper { return .regressed }
    if now.upper < before.lower { return .improved }
    return .tooNoisy
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
