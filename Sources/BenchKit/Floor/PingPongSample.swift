/// One exchange of a ``ConditionPingPong``: the ball sent to the second
/// thread and back.
public struct PingPongSample: Sendable, Equatable {
  /// From the first thread's stamp just before it signals, to the second
  /// thread's stamp just after it woke and took the lock, in nanoseconds.
  public var oneWayNanoseconds: Double
  /// From the same first stamp to the first thread's stamp after it was woken
  /// back by the second thread, in nanoseconds.
  public var roundTripNanoseconds: Double

  /// Creates a sample.
  /// - Parameters:
  ///   - oneWayNanoseconds: the first thread's signal to the second thread's wake-up.
  ///   - roundTripNanoseconds: the first thread's signal to its own wake-up.
  public init(oneWayNanoseconds: Double, roundTripNanoseconds: Double) {
    self.oneWayNanoseconds = oneWayNanoseconds
    self.roundTripNanoseconds = roundTripNanoseconds
  }
}
