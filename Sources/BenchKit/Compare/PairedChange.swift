/// One row of a summary table found in both runs, and what its median did.
public struct PairedChange: Sendable, Equatable {
  /// The variant, parameters and metric that paired the rows.
  public var key: RowKey
  /// The current run's variant name (the baseline's may differ when `variant` is ignored).
  public var variant: String
  /// The metric, like `elapsed_ns`.
  public var metric: String
  /// The change in median.
  public var change: MedianChange
  /// The change judged against the threshold.
  public var verdict: ChangeVerdict

  /// Creates a paired change.
  /// - Parameters:
  ///   - key: the pairing key.
  ///   - variant: the current variant name.
  ///   - metric: the metric.
  ///   - change: the change in median.
  ///   - verdict: its verdict.
  public init(key: RowKey, variant: String, metric: String, change: MedianChange, verdict: ChangeVerdict) {
    self.key = key
    self.variant = variant
    self.metric = metric
    self.change = change
    self.verdict = verdict
  }
}
