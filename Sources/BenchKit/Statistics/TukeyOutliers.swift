/// Outliers counted by Tukey's fences: below `Q1 - 1.5 IQR` or above `Q3 + 1.5 IQR`.
///
/// Quartiles are definition-7 percentiles (see ``Statistics``). Outliers are
/// counted and reported, never dropped from the samples or the statistics.
public struct TukeyOutliers: Sendable, Equatable {
  /// How many values lie strictly below the lower fence.
  public var low: Int
  /// How many values lie strictly above the upper fence.
  public var high: Int
  /// The lower fence, `Q1 - 1.5 IQR`.
  public var lowerFence: Double
  /// The upper fence, `Q3 + 1.5 IQR`.
  public var upperFence: Double

  /// Counts the outliers of sorted values.
  /// - Parameter sorted: values in ascending order; if empty, counts are zero and fences `nan`.
  public init(sorted: [Double]) {
    guard !sorted.isEmpty else {
      self.init(low: 0, high: 0, lowerFence: .nan, upperFence: .nan)
      return
    }
    let q1 = Statistics.percentile(0.25, ofSorted: sorted)
    let q3 = Statistics.percentile(0.75, ofSorted: sorted)
    let spread = 1.5 * (q3 - q1)
    let lowerFence = q1 - spread
    let upperFence = q3 + spread
    self.init(
      low: sorted.prefix { $0 < lowerFence }.count,
      high: sorted.reversed().prefix { $0 > upperFence }.count,
      lowerFence: lowerFence,
      upperFence: upperFence
    )
  }

  /// Creates a result from known counts and fences.
  /// - Parameters:
  ///   - low: values below the lower fence.
  ///   - high: values above the upper fence.
  ///   - lowerFence: the lower fence.
  ///   - upperFence: the upper fence.
  public init(low: Int, high: Int, lowerFence: Double, upperFence: Double) {
    self.low = low
    self.high = high
    self.lowerFence = lowerFence
    self.upperFence = upperFence
  }
}
