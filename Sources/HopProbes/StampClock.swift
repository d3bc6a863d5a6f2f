import BenchKit

/// The monotonic clock every hop stamp reads, in whole nanoseconds from a
/// fixed origin, so that a stamp fits in an `Int64` and in an `Atomic`.
///
/// ``continuous`` reads `ContinuousClock`, the clock whose read cost
/// `ClockCalibration` reports; tests inject a clock that ticks on every read,
/// which makes the order of the stamps visible without timing anything.
public struct StampClock: Sendable {
  /// Reads the clock.
  public let read: @Sendable () -> Int64

  /// Creates a clock from a read function.
  /// - Parameter read: returns the current time in nanoseconds; must never go backwards.
  public init(read: @escaping @Sendable () -> Int64) {
    self.read = read
  }

  /// The current time in nanoseconds from the clock's origin.
  /// - Returns: the stamp.
  @inline(__always)
  public func now() -> Int64 {
    read()
  }

  /// `ContinuousClock`, counted from the moment this clock was first used.
  public static let continuous: StampClock = {
    let origin = ContinuousClock.now
    return StampClock {
      origin.duration(to: ContinuousClock.now).wholeNanoseconds
    }
  }()
}
