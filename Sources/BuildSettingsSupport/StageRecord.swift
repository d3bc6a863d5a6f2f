/// One stage as a probe saw it: where it ran, and when it began and ended.
public struct StageRecord: Sendable, Hashable, Codable {
  /// The stage.
  public var stage: Stage
  /// Where it ran.
  public var placement: Placement
  /// When it began, in nanoseconds since the log's origin.
  public var startNanoseconds: Int64
  /// When it ended, in nanoseconds since the log's origin.
  public var endNanoseconds: Int64

  /// Creates a record.
  /// - Parameters:
  ///   - stage: the stage.
  ///   - placement: where it ran.
  ///   - startNanoseconds: when it began.
  ///   - endNanoseconds: when it ended.
  public init(stage: Stage, placement: Placement, startNanoseconds: Int64, endNanoseconds: Int64) {
    self.stage = stage
    self.placement = placement
    self.startNanoseconds = startNanoseconds
    self.endNanoseconds = endNanoseconds
  }
}
