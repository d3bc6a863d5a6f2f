/// How long an interleaved run warms up, measures and may last.
public struct RunnerConfiguration: Sendable, Equatable {
  /// Measured iterations per variant (rounds); at least 1. With a
  /// ``precision`` target, the most a variant measures.
  public var iterations: Int
  /// Warm-up rounds run before measuring; their samples are discarded.
  public var warmUpIterations: Int
  /// Minimum warm-up time: warm-up rounds go on until both this time has
  /// passed and ``warmUpIterations`` rounds are done.
  public var warmUpTime: Duration
  /// A hard cap on the run's wall time, warm-up included, checked before
  /// every iteration; `nil` for no cap.
  public var maxTime: Duration?
  /// The seed of the interleaving order.
  public var seed: UInt64
  /// When a variant has been measured enough to stop before ``iterations``;
  /// `nil` to measure every variant ``iterations`` times.
  public var precision: PrecisionTarget?

  /// Creates a configuration.
  /// - Parameters:
  ///   - iterations: measured iterations per variant; at least 1.
  ///   - warmUpIterations: warm-up rounds; 0 or more.
  ///   - warmUpTime: minimum warm-up time; zero for none.
  ///   - maxTime: cap on wall time, or `nil`.
  ///   - seed: the seed of the interleaving order.
  ///   - precision: when a variant may stop early, or `nil` for fixed counts.
  public init(
    iterations: Int,
    warmUpIterations: Int = 0,
    warmUpTime: Duration = .zero,
    maxTime: Duration? = nil,
    seed: UInt64 = 0,
    precision: PrecisionTarget? = nil
  ) {
    precondition(iterations >= 1, "iterations must be at least 1, got \(iterations)")
    precondition(warmUpIterations >= 0, "warm-up iterations cannot be negative, got \(warmUpIterations)")
    self.iterations = iterations
    self.warmUpIterations = warmUpIterations
    self.warmUpTime = warmUpTime
    self.maxTime = maxTime
    self.seed = seed
    self.precision = precision
  }
}
