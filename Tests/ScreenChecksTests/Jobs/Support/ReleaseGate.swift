import Foundation

/// A gate a suspended task waits at until a test opens it, from any thread.
///
/// - Note: the waiter resumes exactly once, when the gate opens (at once if
///   it is open already).
final class ReleaseGate {
  private let lock = NSLock()
  private var isOpen = false
  private var waiter: CheckedContinuation<Void, Never>?

  /// A closed gate.
  init() {}

  /// Waits until the gate opens.
  /// - Important: at most one waiter.
  func wait() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let openAlready = lock.withLock {
        if !isOpen { waiter = continuation }
        return isOpen
      }
      if openAlready { continuation.resume() }
    }
  }

  /// Whether a task waits at the gate now.
  var hasWaiter: Bool { lock.withLock { waiter != nil } }

  /// Opens the gate, resuming the waiter if there is one.
  func open() {
    let resumed = lock.withLock {
      isOpen = true
      defer { waiter = nil }
      return waiter
    }
    resumed?.resume()
  }
}

// Safety: `isOpen` and `waiter` are read and written only while `lock` is
// held, and the waiter is resumed after it is released.
extension ReleaseGate: @unchecked Sendable {}
