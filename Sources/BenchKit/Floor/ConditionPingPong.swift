#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The physical floor of a hop: two plain threads that wake each other with
/// pthread condition variables.
///
/// Each ``exchange()`` sends the ball once around: the first thread stamps
/// the clock and signals the second; the second wakes, takes the mutex,
/// stamps, and signals back; the first wakes and stamps again. Both threads
/// sleep in `pthread_cond_wait` between exchanges, as a queue's thread sleeps
/// between jobs, so each leg pays one thread wake-up: the cost that an
/// executor hop cannot avoid when the other side is idle.
///
/// The caller reaches the first thread through a continuation; that hand-off
/// lies outside the stamps. The threads are created in ``init(name:)`` and
/// joined by ``stop()`` (or on deinit).
///
/// ```swift
/// let floor = ConditionPingPong(name: "floor")
/// let sample = await floor.exchange()
/// floor.stop()
/// ```
///
/// - Important: one exchange at a time; the runner never overlaps bodies.
public final class ConditionPingPong: Sendable {
  /// The stem of the threads' names (see ``init(name:)``).
  public let name: String
  private let state: PingPongState
  private let threads: JoinableThreads

  /// Starts the two threads, named `<name>-a` and `<name>-b` (cut to the 15
  /// bytes Linux keeps), as `/proc/self/task/*/comm` on Linux and
  /// `pthread_getname_np` on Darwin show them.
  /// - Parameter name: the stem of the threads' names.
  public init(name: String = "pingpong") {
    self.name = name
    let state = PingPongState()
    self.state = state
    threads = JoinableThreads(
      names: ["\(name)-a", "\(name)-b"],
      bodies: [{ state.runFirst() }, { state.runSecond() }]
    )
  }

  deinit {
    stop()
  }

  /// Sends the ball around once and returns the times it took.
  ///
  /// - Returns: the sample; both times are `nan` if ``stop()`` ran first.
  /// - Note: resumes exactly once.
  public func exchange() async -> PingPongSample {
    await withCheckedContinuation { continuation in
      let accepted = state.withLock {
        guard !state.isStopping else { return false }
        precondition(state.phase == .idle && state.pending == nil, "ConditionPingPong: overlapping exchanges")
        state.pending = continuation
        state.arrivedAt = nil
        state.phase = .requested
        pthread_cond_signal(state.firstCondition)
        return true
      }
      if !accepted {
        continuation.resume(returning: PingPongSample(oneWayNanoseconds: .nan, roundTripNanoseconds: .nan))
      }
    }
  }

  /// Stops both threads and joins them. Idempotent.
  public func stop() {
    state.withLock {
      state.isStopping = true
      pthread_cond_broadcast(state.firstCondition)
      pthread_cond_broadcast(state.secondCondition)
    }
    threads.joinAll()
  }

  /// How many of the two threads have left their loops (2 after ``stop()``).
  public var finishedThreadCount: Int {
    state.withLock { state.finishedThreads }
  }

  /// Whether both threads were joined: set by ``stop()`` once `pthread_join`
  /// returned for each.
  public var isJoined: Bool {
    threads.isJoined
  }
}
