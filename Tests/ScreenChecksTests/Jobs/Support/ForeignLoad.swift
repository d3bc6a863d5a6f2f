import Foundation

/// Tasks at a standard priority that keep the cores busy yielding, as other
/// tests in the same process do, counting their rounds.
final class ForeignLoad {
  private let lock = NSLock()
  private let taskCount: Int
  private var tasks: [Task<Void, Never>] = []
  private var rounds = 0
  private var waiter: (target: Int, continuation: CheckedContinuation<Bool, Never>)?

  /// `tasks` tasks, not started.
  init(tasks: Int) { taskCount = tasks }

  /// Starts the tasks.
  func start() {
    let started = (0..<taskCount).map { _ in
      Task.detached(priority: .medium) { [self] in
        while !Task.isCancelled {
          await Task.yield()
          countRound()
        }
      }
    }
    lock.withLock { tasks = started }
  }

  /// Cancels the tasks.
  func stop() {
    let running = lock.withLock { tasks }
    for task in running { task.cancel() }
  }

  /// Waits until the tasks made `count` more rounds, or `timeout` passes.
  func waitForProgress(by count: Int, timeout: Duration) async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      lock.withLock { waiter = (rounds + count, continuation) }
      DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(timeout.components.seconds * 1000))) {
        [self] in
        let expired = lock.withLock { () -> CheckedContinuation<Bool, Never>? in
          defer { waiter = nil }
          return waiter?.continuation
        }
        expired?.resume(returning: false)
      }
    }
  }

  /// Blocks the caller until the tasks made `count` more rounds, or
  /// `timeout` passes: called on the main queue, it proves that the tasks
  /// run elsewhere.
  func blockUntilProgress(by count: Int, timeout: Duration) -> Bool {
    let target = lock.withLock { rounds } + count
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if lock.withLock({ rounds }) >= target { return true }
    }
    return false
  }

  private func countRound() {
    let reached = lock.withLock { () -> CheckedContinuation<Bool, Never>? in
      rounds += 1
      guard let waiter, rounds >= waiter.target else { return nil }
      self.waiter = nil
      return waiter.continuation
    }
    reached?.resume(returning: true)
  }
}

// Safety: `tasks`, `rounds` and `waiter` are read and written only while
// `lock` is held, and the waiter is resumed after it is released.
extension ForeignLoad: @unchecked Sendable {}
