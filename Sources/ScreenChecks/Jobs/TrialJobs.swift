/// One systematic trial's jobs, in the checker's hands: what is runnable,
/// running a chosen one, and what escaped.
///
/// Every job the trial's code enqueues for the global concurrent executor,
/// directly or through a default actor, waits here until the checker runs
/// it; main-actor jobs go to the main queue as usual, where the checker's
/// `await Task.yield()` lets them run. The trial has settled when nothing is
/// runnable here after the main queue drained.
///
/// - Important: used on the main actor, from the trial's body only, and only
///   until the body returns. Jobs run synchronously, nested in the caller.
@MainActor
package final class TrialJobs {
  /// The priority the trial's tasks carry.
  package let marker: TaskPriority

  private let capture: JobCapture
  private var isOpen = true
  private var isRunningJob = false

  init(marker: TrialMarker, capture: JobCapture) {
    self.marker = marker.priority
    self.capture = capture
  }

  /// How many of the trial's jobs are runnable, tentative ones included:
  /// the trial has settled when none is.
  package var runnableCount: Int {
    checkOpen("runnableCount")
    return capture.runnableCount
  }

  /// The trial's runnable jobs a chooser may pick from, oldest first: index
  /// `i` here is the job ``run(at:)`` runs for `i`. Tentative jobs (taken on
  /// weak evidence, see ``runTentative()``) are not among them.
  package var runnableJobs: [TrialJob] {
    checkOpen("runnableJobs")
    return capture.runnableJobs
  }

  /// The oldest of ``runnableJobs``, read without describing the others:
  /// a settle reads it once per job it runs.
  package var oldestRunnableJob: TrialJob? {
    checkOpen("oldestRunnableJob")
    return capture.oldestRunnableJob
  }

  /// How many of ``runnableJobs`` there are.
  package var choosableCount: Int {
    checkOpen("choosableCount")
    return capture.choosableCount
  }

  /// Runs the oldest tentative job, if any: a main-actor task newer than
  /// the trial that left the main queue, which may be another test's work
  /// taken by mistake. Such jobs run before any choice and are never
  /// offered as one.
  /// - Returns: whether a job ran.
  @discardableResult
  package func runTentative() -> Bool {
    checkOpen("runTentative()")
    beginRun()
    defer { isRunningJob = false }
    return capture.runTentative()
  }

  /// How many jobs the trial captured so far, run or not.
  package var capturedCount: Int {
    checkOpen("capturedCount")
    return capture.counts.captured
  }

  /// How many of the trial's jobs have run, inline hops included.
  package var jobsRun: Int {
    checkOpen("jobsRun")
    return capture.counts.ran
  }

  /// How many of the jobs run were inline hops: a task whose job ran here
  /// enqueued itself again to go on in nonisolated code, a hop the real
  /// thread pool makes without a job. The driver runs such a hop at once,
  /// in the same step, so that ``runnableJobs`` holds only the choices the
  /// real runtime has.
  package var inlineHops: Int {
    checkOpen("inlineHops")
    return capture.counts.inlineHops
  }

  /// How many times the trial's code was seen outside the checker's hands.
  package var escapes: Int { escapeReport.total }

  /// What the trial's code did outside the checker's hands, by kind.
  package var escapeReport: TrialEscapes {
    checkOpen("escapeReport")
    return capture.counts.escapes
  }

  /// Runs the runnable job at `index` (0 is the oldest) to its next
  /// suspension, here and now, with its inline hops.
  /// - Precondition: `index` is below ``runnableCount``; no job is running.
  package func run(at index: Int) {
    checkOpen("run(at:)")
    beginRun()
    capture.runRunnable(at: index)
    isRunningJob = false
  }

  /// Runs the oldest runnable job until none is runnable, including the jobs
  /// those jobs make runnable, tentative ones first.
  /// - Returns: how many of the trial's runnable jobs ran, each with its
  ///   inline hops (so ``jobsRun`` grows by this plus the hops); tentative
  ///   jobs are not counted.
  @discardableResult
  package func runAll() -> Int {
    checkOpen("runAll()")
    beginRun()
    var count = 0
    while true {
      // Tentative jobs run first, and are not the trial's to count.
      if capture.runTentative() { continue }
      guard capture.runOldest() else { break }
      count += 1
    }
    isRunningJob = false
    return count
  }

  /// Takes no more jobs tentatively for the rest of the trial, and gives
  /// those waiting back to the runtime: other work of the process keeps
  /// leaving the main actor, and would hold the trial up.
  package func stopTakingTentatively() {
    checkOpen("stopTakingTentatively()")
    capture.stopTakingTentatively()
  }

  /// Gives up on the trial: the checker found a screen whose jobs never run
  /// out, and running them later (as leftovers, or in a later trial that
  /// takes the same marker) would keep the process busy without end. Its
  /// runnable jobs, and every job of its marker later, are kept, never to
  /// run: their tasks never resume; their memory is kept.
  package func abandon() {
    checkOpen("abandon()")
    capture.abandonTrial()
  }

  /// Waits until a job of the trial is runnable, or `timeout` passes: for
  /// work the checker does not drive, such as a timer or a callback.
  ///
  /// A job that becomes runnable during the wait was released by something
  /// outside the checker's hands, and counts as an escape
  /// (``TrialEscapes/releasedWhileWaiting``).
  /// - Returns: `true` when a job is runnable, `false` when the bound passed.
  /// - Note: resumes exactly once, on the main actor; nothing of the trial's
  ///   runs meanwhile except main-actor jobs.
  package func waitForRunnableJob(timeout: Duration) async -> Bool {
    checkOpen("waitForRunnableJob(timeout:)")
    return await capture.waitForRunnableJob(timeout: timeout)
  }

  /// The body returned.
  func close() {
    isOpen = false
  }

  private func beginRun() {
    guard !isRunningJob else {
      preconditionFailure("TrialJobs: a job was run from inside a job the trial is running")
    }
    isRunningJob = true
  }

  private func checkOpen(_ member: String) {
    guard isOpen else { preconditionFailure("TrialJobs: \(member) used after the trial's body returned") }
  }
}
