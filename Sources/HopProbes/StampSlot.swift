import Synchronization

/// One stamp written on one executor and read on another.
///
/// The reader always reads after an `await` that ordered it after the writer,
/// so the atomic is not what orders them; it keeps the hand-off visible to
/// ThreadSanitizer and costs a plain store on x86_64.
public final class StampSlot: Sendable {
  private let value = Atomic<Int64>(0)

  /// Creates a slot holding 0.
  public init() {}

  /// Writes a stamp.
  /// - Parameter stamp: the time, in nanoseconds.
  @inline(__always)
  public func store(_ stamp: Int64) {
    value.store(stamp, ordering: .releasing)
  }

  /// Reads the last stamp written.
  /// - Returns: the time, in nanoseconds.
  public func load() -> Int64 {
    value.load(ordering: .acquiring)
  }
}
