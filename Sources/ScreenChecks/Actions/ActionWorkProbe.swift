import Foundation

/// A marker carried, as a task-local value, by every task that a trial's
/// actions start.
///
/// The checker binds the trial's probe, with the action's number, around each
/// action. A view controller's `Task { await interactor.fetchProfile(…) }`
/// or a view model's `Task { await search() }` copies it, and so does every
/// task started inside that one with `Task {}`, `async let` or a task group;
/// only `Task.detached` and other queues leave it behind. Each task releases
/// its copy when it finishes, so when the last task of the trial's work has
/// finished, the probe is deinitialised and its `onFinish` runs. That is the
/// checker's quiescence signal: no clock, no polling. The action's number
/// tells the checker which action a dependency call was made for.
///
/// - Note: `onFinish` runs exactly once, on whichever thread released the
///   last reference.
package final class ActionWorkProbe: Sendable {
  private static let serials = SerialNumbers()

  /// A number no other probe of this process has.
  package let serial: UInt64
  private let onFinish: @Sendable () -> Void

  /// Creates a probe.
  /// - Parameter onFinish: runs when the last task carrying the probe has finished.
  package init(onFinish: @escaping @Sendable () -> Void) {
    self.serial = Self.serials.next()
    self.onFinish = onFinish
  }

  deinit {
    onFinish()
  }
}

/// What the current task carries: the trial's probe and the action it works for.
package struct ActionWork: Sendable {
  /// The work the current task does for a trial, if any.
  @TaskLocal package static var current: ActionWork?

  /// The trial's probe.
  package let probe: ActionWorkProbe
  /// The action the task was started by.
  package let action: Int

  package init(probe: ActionWorkProbe, action: Int) {
    self.probe = probe
    self.action = action
  }

  /// Whether the current task works for the trial whose probe has `serial`.
  package static func isCurrent(_ serial: UInt64) -> Bool {
    current?.probe.serial == serial
  }

  /// Whether the code running now may be the work of the trial whose probe
  /// has `serial`, for a model only that trial holds: a task that carries
  /// the trial's probe, a task that carries none (`Task.detached`), or no
  /// task at all (a block on a Dispatch queue); not a task that works for
  /// another trial.
  package static func isTrialsWork(_ serial: UInt64) -> Bool {
    current.map { $0.probe.serial == serial } ?? true
  }

  /// The action the current task works for, in the trial whose probe has `serial`.
  package static func action(inTrial serial: UInt64) -> Int? {
    guard let current, current.probe.serial == serial else { return nil }
    return current.action
  }
}

/// Hands out increasing numbers from any thread.
private final class SerialNumbers {
  private let lock = NSLock()
  private var last: UInt64 = 0

  func next() -> UInt64 {
    lock.withLock {
      last += 1
      return last
    }
  }
}

// Safety: `last` is read and written only while `lock` is held.
extension SerialNumbers: @unchecked Sendable {}
