import BenchBasics

/// How a wait for a settled scene ended.
package enum SettleResult: Equatable {
  /// Every other thread of the process slept, unchanged, across several
  /// samples, and the scene's observable state did not change.
  case idle
  /// The process never went idle (other work runs in it), but the scene's
  /// observable state did not change for the fallback window.
  case quiet
  /// The scene kept changing, or kept the process busy, past the bound.
  case timedOut
  /// The trial's own jobs, counted: none runnable after the main actor's
  /// queue drained twice in a row with nothing the checker watches changing.
  case counted
  /// The trial's jobs never ran out: the checker ran `jobs` of them in one
  /// settle, up to its bound in time or count. `cause` says, in a phrase,
  /// what the screen did.
  case busy(jobs: Int, cause: String)

  /// Whether the settle gave up before the screen settled.
  var gaveUp: Bool {
    switch self {
    case .timedOut, .busy: true
    case .idle, .quiet, .counted: false
    }
  }
}

/// Waits, on the main actor, until a scene has done everything it can before
/// the checker's next choice: every task is parked at a gate, waiting for the
/// main actor, or finished.
///
/// The sampler: systematic trials settle by counting their own jobs
/// (``TrialJobDriver``), and come here only where they cannot: a runtime
/// without the enqueue hook, a screen whose work ran outside the checker's
/// hands (a `Task.sleep`, a custom executor, a callback from another queue),
/// or ``SettleStrategy/sampling`` asked for outright.
///
/// The positive sign is the process itself: the main actor's queue drained
/// (the settler yields it), and every other thread asleep and not scheduled
/// even once across three consecutive samples of the process (``ProcessActivity``: `/proc` on
/// Linux, Mach on Darwin). Work that is about to
/// run always keeps some thread runnable, or makes one run between samples.
/// Where no sampler exists (see ``ProcessActivity``), or while other work keeps the process
/// busy (tests running in parallel), the settler falls back to "the scene's
/// observable state did not change for a while", which depends on timing; the
/// report counts how often that happened.
@MainActor
package struct SceneSettler {
  /// How much slower than a plain build the process runs: 4 when a
  /// sanitizer runtime is linked in (ThreadSanitizer and AddressSanitizer
  /// slow the scene's work several times over, so a quiet window sized for
  /// a plain build can end while work is still on its way), 1 otherwise.
  static let slowdown = SanitizerRuntimes.detected() == "none" ? 1 : 4

  /// The bound on one wait.
  var timeout: Duration = .seconds(2) * SceneSettler.slowdown
  /// How long the observable state must stay unchanged, when the process
  /// never goes idle, before the scene counts as settled.
  var fallbackWindow: Duration = .milliseconds(50) * SceneSettler.slowdown
  /// The quiet window used when no platform sampler exists at all.
  var quietWindowWithoutProc: Duration = .milliseconds(5)

  /// Waits until the scene settles.
  /// - Parameter fingerprint: the scene's observable state; any change restarts the wait.
  /// - Returns: how the wait ended.
  func settle<Fingerprint: Equatable>(_ fingerprint: () -> Fingerprint) async -> SettleResult {
    let clock = ContinuousClock()
    let start = clock.now
    var lastChange = start
    var last = fingerprint()
    var idleRounds = 0
    while true {
      // Drain the main actor's queue: everything already queued runs before this resumes.
      await Task.yield()
      let idle = Self.waitForOtherThreadsToSleep(until: clock.now + .milliseconds(5))
      let now = clock.now
      let current = fingerprint()
      if current != last {
        last = current
        lastChange = now
        idleRounds = 0
      } else if idle == true {
        idleRounds += 1
        if idleRounds >= 2 { return .idle }
      } else {
        idleRounds = 0
      }
      let window = idle == nil ? quietWindowWithoutProc : fallbackWindow
      if now - lastChange >= window { return .quiet }
      if now - start >= timeout { return .timedOut }
    }
  }

  /// Samples the process without yielding until two consecutive samples show every
  /// other thread asleep and none scheduled in between: at that instant nothing
  /// but the main actor's queue can still make progress.
  /// - Returns: `true` when that happened before `deadline`, `false` when not,
  ///   `nil` when the platform cannot tell.
  private static func waitForOtherThreadsToSleep(until deadline: ContinuousClock.Instant) -> Bool? {
    var previous: ProcessSample?
    while ContinuousClock.now < deadline {
      guard let sample = ProcessActivity.sample() else { return nil }
      if sample.othersAsleep {
        if let previous, sample.nothingRanSince(previous) { return true }
        previous = sample
      } else {
        previous = nil
      }
    }
    return false
  }
}
