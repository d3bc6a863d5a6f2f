import Synchronization

/// A flag that asks running work to stop at its next safe point.
///
/// The runner checks it between iterations; suites with their own loops
/// should check it between trials. Setting it is lock-free, so a signal
/// handler may do it (see ``InterruptSignal``).
public final class InterruptFlag: Sendable {
  private let raised = Atomic<Bool>(false)

  /// Creates a lowered flag.
  public init() {}

  /// Whether a stop was requested.
  public var isRaised: Bool {
    raised.load(ordering: .acquiring)
  }

  /// Requests a stop. Async-signal-safe.
  public func raise() {
    raised.store(true, ordering: .releasing)
  }

  /// Lowers the flag again (between runs, and in tests).
  public func lower() {
    raised.store(false, ordering: .releasing)
  }
}
