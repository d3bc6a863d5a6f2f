/// A row of one run that found no partner in the other, and why.
public struct UnpairedRow: Sendable, Equatable {
  /// Which run the row is in.
  public enum Side: String, Sendable, Equatable {
    /// The row is in the baseline only.
    case baseline
    /// The row is in the current run only.
    case current
  }

  /// Which run the row is in.
  public var side: Side
  /// The row's variant, metric and parameters.
  public var key: RowKey
  /// Why it was not paired, like "no row with these parameters in the current run".
  public var reason: String

  /// Creates an unpaired row.
  /// - Parameters:
  ///   - side: which run it is in.
  ///   - key: its key.
  ///   - reason: why it was not paired.
  public init(side: Side, key: RowKey, reason: String) {
    self.side = side
    self.key = key
    self.reason = reason
  }
}
