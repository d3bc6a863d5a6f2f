/// How bootstrap confidence intervals are drawn.
///
/// The intervals are percentile bootstraps: resample the values with
/// replacement `resamples` times, compute the estimate on each resample, and
/// take the definition-7 percentiles `(1 - level) / 2` and `(1 + level) / 2`
/// of those estimates. Every draw comes from a ``SeededGenerator`` seeded
/// with `seed`, so equal inputs and seeds give equal intervals.
public struct BootstrapConfiguration: Sendable, Equatable {
  /// How many resamples to draw; 1000 by default.
  public var resamples: Int
  /// The confidence level; 0.95 by default.
  public var level: Double
  /// The seed of the resampling generator.
  public var seed: UInt64

  /// Creates a configuration.
  /// - Parameters:
  ///   - resamples: how many resamples to draw; at least 1.
  ///   - level: the confidence level, strictly between 0 and 1.
  ///   - seed: the seed of the resampling generator.
  public init(resamples: Int = 1_000, level: Double = 0.95, seed: UInt64 = 0) {
    precondition(resamples >= 1, "a bootstrap needs at least one resample, got \(resamples)")
    precondition(level > 0 && level < 1, "a confidence level must be in (0, 1), got \(level)")
    self.resamples = resamples
    self.level = level
    self.seed = seed
  }
}
