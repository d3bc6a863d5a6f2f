/// A two-sided confidence interval for one estimate.
public struct ConfidenceInterval: Sendable, Equatable {
  /// The lower bound.
  public var lower: Double
  /// The upper bound.
  public var upper: Double
  /// The confidence level, like `0.95`.
  public var level: Double

  /// Creates an interval.
  /// - Parameters:
  ///   - lower: the lower bound.
  ///   - upper: the upper bound.
  ///   - level: the confidence level, like `0.95`.
  public init(lower: Double, upper: Double, level: Double) {
    self.lower = lower
    self.upper = upper
    self.level = level
  }

  /// An interval with `nan` bounds, for estimates that could not be made.
  /// - Parameter level: the level it would have had.
  /// - Returns: the undefined interval.
  public static func undefined(level: Double) -> ConfidenceInterval {
    ConfidenceInterval(lower: .nan, upper: .nan, level: level)
  }

  /// Whether `value` lies inside the interval, bounds included.
  /// - Parameter value: the value to test.
  /// - Returns: `true` when `lower <= value <= upper`.
  public func contains(_ value: Double) -> Bool {
    lower <= value && value <= upper
  }
}
