import Foundation

/// A signal that fires once and can be awaited with a bound: the package's
/// one bounded wait, used wherever a checker, a suite or a test waits for
/// something that might never happen.
///
/// - Note: ``fire()`` may be called from any thread, any number of times;
///   only the first call counts. A waiter resumes exactly once: when the
///   signal fires or when its bound passes, whichever comes first.
public final class OneShotSignal {
  private enum State {
    case idle
    case waiting(CheckedContinuation<Bool, Never>, timer: Task<Void, Never>?)
    case fired
  }

  private let lock = NSLock()
  private var state = State.idle

  /// A signal that has not fired.
  public init() {}

  /// Whether the signal has fired.
  public var hasFired: Bool {
    lock.withLock {
      if case .fired = state { return true }
      return false
    }
  }

  /// Fires the signal, resuming the waiter if there is one.
  public func fire() {
    let waiter = lock.withLock { () -> (CheckedContinuation<Bool, Never>, Task<Void, Never>?)? in
      defer { state = .fired }
      if case .waiting(let continuation, let timer) = state { return (continuation, timer) }
      return nil
    }
    waiter?.1?.cancel()
    waiter?.0.resume(returning: true)
  }

  /// Waits until the signal fires or `timeout` passes.
  /// - Parameter timeout: the bound on the wait.
  /// - Returns: `true` when the signal fired, `false` when the bound passed first.
  /// - Important: at most one waiter at a time.
  public func wait(timeout: Duration) async -> Bool {
    if hasFired { return true }
    return await withCheckedContinuation { continuation in
      let firedAlready = lock.withLock { () -> Bool in
        switch state {
        case .fired:
          return true
        case .idle:
          state = .waiting(continuation, timer: nil)
          return false
        case .waiting:
          preconditionFailure("OneShotSignal: a second waiter arrived while one was waiting")
        }
      }
      if firedAlready {
        continuation.resume(returning: true)
        return
      }
      let timer = Task { [weak self] in
        try? await Task.sleep(for: timeout)
        self?.expire()
      }
      let stillWaiting = lock.withLock { () -> Bool in
        guard case .waiting(let continuation, nil) = state else { return false }
        state = .waiting(continuation, timer: timer)
        return true
      }
      if !stillWaiting { timer.cancel() }
    }
  }

  private func expire() {
    let continuation = lock.withLock { () -> CheckedContinuation<Bool, Never>? in
      guard case .waiting(let continuation, _) = state else { return nil }
      state = .idle
      return continuation
    }
    continuation?.resume(returning: false)
  }
}

// Safety: `state` is read and written only while `lock` is held, and
// continuations are resumed after the lock is released.
extension OneShotSignal: @unchecked Sendable {}
