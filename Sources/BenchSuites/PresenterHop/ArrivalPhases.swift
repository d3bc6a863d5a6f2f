import BenchKit
import Synchronization

/// Seeded offsets within a frame, handed out one per iteration, so that
/// hops measured against a busy main actor arrive at random points of the
/// frame instead of in lock-step with it.
final class ArrivalPhases: Sendable {
  private let phases: [Duration]
  private let next = Atomic<Int>(0)

  /// Draws `count` offsets uniformly in `0..<period`.
  /// - Parameters:
  ///   - period: the frame period.
  ///   - count: how many offsets before they repeat; at least 1.
  ///   - generator: the seeded source.
  init(period: Duration, count: Int, generator: inout SeededGenerator) {
    let limit = UInt64(period.nanoseconds)
    phases = (0..<max(count, 1)).map { _ in .nanoseconds(Int64(generator.next() % limit)) }
  }

  /// The next offset, cycling through the drawn ones.
  func nextPhase() -> Duration {
    phases[next.add(1, ordering: .relaxed).oldValue % phases.count]
  }
}
