/// What an interleaved run measured, for every variant.
public struct RunResult: Sendable {
  /// Why a run ended before measuring every iteration.
  public enum StopReason: Sendable, Equatable {
    /// The configuration's time cap passed.
    case timeCap
    /// The interrupt flag was raised or the task was cancelled.
    case interrupted
  }

  /// One result per variant, in the order the variants were given.
  public var variants: [VariantResult]
  /// The configuration the run used.
  public var configuration: RunnerConfiguration
  /// How many warm-up rounds ran.
  public var warmUpRounds: Int
  /// The run's wall time, warm-up included.
  public var elapsed: Duration
  /// Why the run ended early, or `nil` if it measured everything.
  public var stopReason: StopReason?

  /// Creates a result.
  /// - Parameters:
  ///   - variants: one result per variant.
  ///   - configuration: the configuration used.
  ///   - warmUpRounds: warm-up rounds run.
  ///   - elapsed: wall time.
  ///   - stopReason: why it ended early, if it did.
  public init(
    variants: [VariantResult],
    configuration: RunnerConfiguration,
    warmUpRounds: Int,
    elapsed: Duration,
    stopReason: StopReason?
  ) {
    self.variants = variants
    self.configuration = configuration
    self.warmUpRounds = warmUpRounds
    self.elapsed = elapsed
    self.stopReason = stopReason
  }

  /// Whether any variant measured fewer iterations than asked for.
  public var isPartial: Bool {
    variants.contains { $0.isPartial }
  }

  /// The result of the variant called `name`, if any.
  /// - Parameter name: the variant's name.
  /// - Returns: its result, or `nil`.
  public func variant(named name: String) -> VariantResult? {
    variants.first { $0.name == name }
  }
}
