import Synchronization

/// A clock that moves only when told to, so time caps are tested without sleeping.
final class ManualClock: Clock {
  struct Instant: InstantProtocol {
    var offset: Duration

    func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private let elapsedNanoseconds = Atomic<Int64>(0)

  var now: Instant {
    Instant(offset: .nanoseconds(elapsedNanoseconds.load(ordering: .acquiring)))
  }

  var minimumResolution: Duration {
    .nanoseconds(1)
  }

  func advance(by duration: Duration) {
    let (seconds, attoseconds) = duration.components
    elapsedNanoseconds.wrappingAdd(
      seconds * 1_000_000_000 + attoseconds / 1_000_000_000, ordering: .acquiringAndReleasing)
  }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let remaining = now.duration(to: deadline)
    if remaining > .zero {
      advance(by: remaining)
    }
  }
}
