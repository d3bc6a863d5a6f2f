#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The state two ping-pong threads share: one mutex, one condition variable
/// per thread, whose turn it is, and the stamps of the exchange in flight.
///
/// Every stored `var` is read and written only with ``mutex`` held.
final class PingPongState {
  /// Where the ball is.
  enum Phase: Equatable {
    /// No exchange asked for; both threads wait.
    case idle
    /// A caller asked for an exchange; the first thread has not started it.
    case requested
    /// The first thread signalled; the second thread's turn.
    case atSecond
    /// The second thread signalled back; the first thread's turn.
    case atFirst
  }

  let mutex: UnsafeMutablePointer<pthread_mutex_t>
  /// The first thread waits on this one.
  let firstCondition: UnsafeMutablePointer<pthread_cond_t>
  /// The second thread waits on this one.
  let secondCondition: UnsafeMutablePointer<pthread_cond_t>

  var phase = Phase.idle
  var isStopping = false
  var pending: CheckedContinuation<PingPongSample, Never>?
  var sentAt: ContinuousClock.Instant?
  var arrivedAt: ContinuousClock.Instant?
  /// Threads that entered their loop.
  var startedThreads = 0
  /// Threads that left their loop and are about to return.
  var finishedThreads = 0

  init() {
    mutex = .allocate(capacity: 1)
    firstCondition = .allocate(capacity: 1)
    secondCondition = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(firstCondition, nil)
    pthread_cond_init(secondCondition, nil)
  }

  deinit {
    pthread_cond_destroy(secondCondition)
    pthread_cond_destroy(firstCondition)
    pthread_mutex_destroy(mutex)
    secondCondition.deallocate()
    firstCondition.deallocate()
    mutex.deallocate()
  }

  /// Runs `body` with the mutex held.
  func withLock<T>(_ body: () -> T) -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }

  /// The first thread's loop: start each requested exchange, wait for the
  /// ball to come back, hand the sample to the caller.
  func runFirst() {
    let clock = ContinuousClock()
    pthread_mutex_lock(mutex)
    startedThreads += 1
    while true {
      while phase != .requested && !isStopping {
        pthread_cond_wait(firstCondition, mutex)
      }
      if isStopping { break }
      phase = .atSecond
      let sent = clock.now
      sentAt = sent
      // Signal after unlocking, so that the woken thread never finds the
      // mutex still held and has to sleep a second time on it.
      pthread_mutex_unlock(mutex)
      pthread_cond_signal(secondCondition)
      pthread_mutex_lock(mutex)
      while phase != .atFirst && !isStopping {
        pthread_cond_wait(firstCondition, mutex)
      }
      let returned = clock.now
      let sample = PingPongSample(
        oneWayNanoseconds: arrivedAt.map { sent.duration(to: $0).nanoseconds } ?? .nan,
        roundTripNanoseconds: phase == .atFirst ? sent.duration(to: returned).nanoseconds : .nan
      )
      let continuation = pending
      pending = nil
      phase = .idle
      pthread_mutex_unlock(mutex)
      continuation?.resume(returning: sample)
      pthread_mutex_lock(mutex)
    }
    failPendingExchange()
    finishedThreads += 1
    pthread_mutex_unlock(mutex)
  }

  /// The second thread's loop: wake on the ball, stamp, send it back.
  func runSecond() {
    let clock = ContinuousClock()
    pthread_mutex_lock(mutex)
    startedThreads += 1
    while true {
      while phase != .atSecond && !isStopping {
        pthread_cond_wait(secondCondition, mutex)
      }
      if isStopping { break }
      arrivedAt = clock.now
      phase = .atFirst
      pthread_mutex_unlock(mutex)
      pthread_cond_signal(firstCondition)
      pthread_mutex_lock(mutex)
    }
    finishedThreads += 1
    pthread_mutex_unlock(mutex)
  }

  /// Resumes an exchange that stopping interrupted with `nan` times.
  /// - Important: called with the mutex held.
  private func failPendingExchange() {
    guard let continuation = pending else { return }
    pending = nil
    continuation.resume(returning: PingPongSample(oneWayNanoseconds: .nan, roundTripNanoseconds: .nan))
  }
}

// Safety: every mutable field is read and written only with `mutex` held;
// the pointers themselves never change after `init`.
extension PingPongState: @unchecked Sendable {}
