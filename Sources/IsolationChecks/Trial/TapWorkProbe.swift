import Foundation

/// A marker carried, as a task-local value, by every task that a tap starts.
///
/// The checker binds a probe around each tap. The view controller's
/// `Task { await interactor.fetchProfile(…) }` copies it, and so does every
/// task started inside that one with `Task {}`, `async let` or a task group;
/// only `Task.detached` and other queues leave it behind. Each task releases
/// its copy when it finishes, so when the last task of the tap's work has
/// finished, the probe is deinitialised and ``onFinish`` runs. That is the
/// checker's quiescence signal: no clock, no polling.
///
/// - Note: `onFinish` runs exactly once, on whichever thread released the
///   last reference.
final class TapWorkProbe: Sendable {
  /// The probe the current task carries, if any.
  @TaskLocal static var current: TapWorkProbe?

  private static let serials = SerialNumbers()

  /// A number no other probe of this process has.
  let serial: UInt64
  private let onFinish: @Sendable () -> Void

  /// Creates a probe.
  /// - Parameter onFinish: runs when the last task carrying the probe has finished.
  init(onFinish: @escaping @Sendable () -> Void) {
    self.serial = Self.serials.next()
    self.onFinish = onFinish
  }

  deinit {
    onFinish()
  }

  /// Whether the current task carries a probe with `serial`.
  static func isCurrent(_ serial: UInt64) -> Bool {
    current?.serial == serial
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
