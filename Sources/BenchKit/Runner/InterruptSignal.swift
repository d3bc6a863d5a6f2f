#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process-wide interrupt: Ctrl-C (SIGINT) raises ``flag``.
///
/// The first SIGINT raises the flag, prints a short notice and restores the
/// default action, so work stops between iterations and keeps what it has
/// measured; a second SIGINT ends the process at once.
public enum InterruptSignal {
  /// The flag SIGINT raises once ``install()`` has been called.
  public static let flag = InterruptFlag()

  /// Installs the SIGINT handler. Call once, at start-up, from the executable.
  public static func install() {
    signal(SIGINT, handleInterrupt)
  }
}

/// Async-signal-safe: an atomic store, `write(2)` and `signal(2)` only.
private func handleInterrupt(_ signalNumber: Int32) {
  InterruptSignal.flag.raise()
  let notice: StaticString = "\ninterrupted: stopping after the current iteration (Ctrl-C again to abort)\n"
  _ = write(2, notice.utf8Start, notice.utf8CodeUnitCount)
  signal(SIGINT, SIG_DFL)
}
