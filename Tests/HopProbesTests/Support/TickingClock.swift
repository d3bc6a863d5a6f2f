import Foundation
import HopProbes

/// A stamp clock that advances by one on every read and remembers, for each
/// read, whether it happened on the main queue: the order of the stamps
/// becomes visible without timing anything.
final class TickingClock: Sendable {
  private let lock = NSLock()
  nonisolated(unsafe) private var ticks: Int64 = 0
  nonisolated(unsafe) private var reads: [Bool] = []

  /// The clock to hand to the probes.
  var stampClock: StampClock {
    StampClock { [self] in self.tick() }
  }

  /// For each read, in order, whether it ran on the main queue.
  var readsOnMainQueue: [Bool] {
    lock.withLock { reads }
  }

  /// Whether read number `stamp` (a value the clock returned) ran on the main thread.
  func wasOnMainQueue(_ stamp: Int64) -> Bool {
    lock.withLock { reads[Int(stamp) - 1] }
  }

  /// Marks the main queue, which drains the main actor's jobs on Linux.
  private static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  /// Whether the caller runs on the main queue: there, and only there, the
  /// main actor's jobs run. (Under `swift test` the queue is not drained by
  /// the process's first thread, so a thread check would not do.)
  private static var isOnMainQueue: Bool {
    DispatchQueue.getSpecific(key: mainQueueKey) ?? false
  }

  private func tick() -> Int64 {
    let onMain = Self.isOnMainQueue
    return lock.withLock {
      ticks += 1
      reads.append(onMain)
      return ticks
    }
  }
}
