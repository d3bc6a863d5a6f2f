import Foundation

/// The clock the checker hands a screen, for its debounce, throttle and
/// timeouts: time moves when the checker says so.
///
/// In systematic mode time stands still until the checker advances it to
/// the earliest pending deadline, a choice like an answer (`d1` wakes the
/// trial's first sleep, and every other sleep due by then). In stress mode
/// it runs 1,000 times faster than real time, so that a 300 ms debounce
/// lasts 300 µs and taps land inside and outside its window.
///
/// A screen takes it as `any Clock<Duration>` and sleeps on it as on any clock:
///
/// ```swift
/// try await clock.sleep(for: .milliseconds(300))
/// ```
public final class CheckerClock: Clock {
  /// A point on the checker's clock: the time since the trial began.
  public struct Instant: InstantProtocol, CustomStringConvertible {
    /// The time since the trial began.
    public var offset: Duration

    /// Creates an instant `offset` after the trial began.
    public init(offset: Duration) { self.offset = offset }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    /// The time from this instant to `other`.
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    /// Orders instants by time.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }

    /// `+300ms`.
    public var description: String { "+\(offset.compactDescription)" }
  }

  /// How the clock moves.
  package enum Pace: Sendable {
    /// Only when the checker advances it.
    case manual
    /// By itself, `speedup` times faster than real time.
    case scaled(speedup: Int)
  }

  /// A sleep waiting for its deadline.
  package struct Sleeper: Sendable, Equatable {
    /// 1 for the trial's first sleep, 2 for the second, …
    package var number: Int
    /// When it wakes.
    package var deadline: Instant
  }

  private let pace: Pace
  /// The job driver's trial this clock was made in, if any.
  private let driverTrial = TrialJobDriver.trialOfCurrentBody
  private let start = ContinuousClock.now
  private let lock = NSLock()
  private var manualNow = Instant(offset: .zero)
  private var sleepCount = 0
  private var waiting: [Int: (deadline: Instant, continuation: CheckedContinuation<Void, any Error>?)] = [:]
  private var cancelledEarly: Set<Int> = []
  /// Sleeps woken whose task is held (``advance(toSleep:holdingIt:)``).
  private var heldWakes: [Int: CheckedContinuation<Void, any Error>] = [:]
  private var wakes: [Int: ContinuousClock.Instant] = [:]
  /// The time each task last read from a scaled clock: the `now` a
  /// `sleep(for:)` computed its deadline from.
  private var lastRead: [Int: Instant] = [:]

  package init(pace: Pace) {
    self.pace = pace
  }

  /// Now, on the checker's clock.
  public var now: Instant {
    switch pace {
    case .manual:
      return lock.withLock { manualNow }
    case .scaled(let speedup):
      let now = scaledNow(speedup)
      if let task = Self.currentTask { lock.withLock { lastRead[task] = now } }
      return now
    }
  }

  private func scaledNow(_ speedup: Int) -> Instant {
    Instant(offset: (ContinuousClock.now - start) * speedup)
  }

  /// The running task, as a key.
  private static var currentTask: Int? { withUnsafeCurrentTask { $0?.hashValue } }

  /// A nanosecond.
  public var minimumResolution: Duration { .nanoseconds(1) }

  /// Sleeps until `deadline`: in systematic mode, until the checker advances
  /// the clock past it.
  /// - Throws: `CancellationError` when the sleeping task is cancelled first.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    switch pace {
    case .scaled(let speedup):
      let real = start + deadline.offset / speedup
      // Numbered as systematic mode numbers them, so that a stress trial's
      // wakes can be replayed as `d` steps.
      // A sleep is numbered when its deadline is after the time it was
      // computed from, as systematic mode numbers it: on a loaded machine a
      // 300 ms sleep (0.3 ms here) can be registered after its deadline.
      let task = Self.currentTask
      let now = scaledNow(speedup)
      let number = lock.withLock { () -> Int? in
        let read = task.flatMap { lastRead.removeValue(forKey: $0) } ?? now
        guard deadline > read else { return nil }
        sleepCount += 1
        return sleepCount
      }
      try await Task.sleep(until: real, tolerance: .zero, clock: .continuous)
      // When it was due: the task that slept may run later than that, and
      // an action made in between came after the wake, not before it.
      if let number { lock.withLock { wakes[number] = real } }
    case .manual:
      TrialJobDriver.noteTrialCode(ofTrial: driverTrial)
      let number = lock.withLock { () -> Int? in
        guard deadline > manualNow else { return nil }
        sleepCount += 1
        waiting[sleepCount] = (deadline, nil)
        return sleepCount
      }
      guard let number else { return }
      try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
          enum Next { case wait, wake, cancel }
          let next = lock.withLock { () -> Next in
            guard cancelledEarly.remove(number) == nil, let entry = waiting[number] else { return .cancel }
            // The clock may have passed the deadline between registering and here.
            guard entry.deadline > manualNow else {
              waiting[number] = nil
              return .wake
            }
            waiting[number] = (entry.deadline, continuation)
            return .wait
          }
          switch next {
          case .wait: break
          case .wake: continuation.resume()
          case .cancel: continuation.resume(throwing: CancellationError())
          }
        }
      } onCancel: {
        let continuation = lock.withLock { () -> CheckedContinuation<Void, any Error>? in
          guard let entry = waiting.removeValue(forKey: number) else { return nil }
          if entry.continuation == nil { cancelledEarly.insert(number) }
          return entry.continuation
        }
        continuation?.resume(throwing: CancellationError())
      }
    }
  }

  /// The sleeps waiting now, earliest deadline first (by number among equals).
  package var sleepers: [Sleeper] {
    lock.withLock {
      waiting.map { Sleeper(number: $0.key, deadline: $0.value.deadline) }
        .sorted { ($0.deadline, $0.number) < ($1.deadline, $1.number) }
    }
  }

  /// When each sleep that ran to its deadline woke, by number (stress mode).
  package var wakeTimes: [Int: ContinuousClock.Instant] { lock.withLock { wakes } }

  /// The sleep that wakes first, if any.
  package var nextSleeper: Sleeper? { sleepers.first }

  /// Moves the clock to sleep `number`'s deadline and wakes every sleep due by then.
  /// - Parameter holdingIt: wake sleep `number` but hold its task: the wake
  ///   is in hand (a cancellation no longer reaches the sleep), and the task
  ///   goes on only at ``resumeHeldWake(_:)``, as a task whose thread was
  ///   kept from running after its deadline would.
  /// - Returns: whether that sleep was waiting.
  @discardableResult
  package func advance(toSleep number: Int, holdingIt: Bool = false) -> Bool {
    let woken = lock.withLock { () -> [CheckedContinuation<Void, any Error>]? in
      guard let entry = waiting[number] else { return nil }
      manualNow = max(manualNow, entry.deadline)
      let due = waiting.filter { $0.value.deadline <= manualNow && $0.value.continuation != nil }
      for key in due.keys { waiting[key] = nil }
      if holdingIt, let continuation = due[number]?.continuation {
        heldWakes[number] = continuation
        return due.keys.sorted().filter { $0 != number }.compactMap { due[$0]?.continuation }
      }
      return due.keys.sorted().compactMap { due[$0]?.continuation }
    }
    guard let woken else { return false }
    for continuation in woken { continuation.resume() }
    return true
  }

  /// The sleeps woken whose task is held, by number.
  package var heldSleeps: [Int] { lock.withLock { heldWakes.keys.sorted() } }

  /// Lets the task of a sleep woken by ``advance(toSleep:holdingIt:)`` go on.
  /// - Returns: whether it was held.
  @discardableResult
  package func resumeHeldWake(_ number: Int) -> Bool {
    guard let continuation = lock.withLock({ heldWakes.removeValue(forKey: number) }) else { return false }
    continuation.resume()
    return true
  }

  /// Lets every held task go on: a trial's end.
  package func resumeHeldWakes() {
    for number in heldSleeps { resumeHeldWake(number) }
  }
}

// Safety: every stored property is read and written only while `lock` is
// held, or is a `let` of a `Sendable` type.
extension CheckerClock: @unchecked Sendable {}
