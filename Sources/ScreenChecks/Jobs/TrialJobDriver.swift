import Foundation

/// Takes a systematic trial's concurrency jobs into the checker's hands, so
/// that the checker can count them to settle exactly and choose their order.
///
/// A trial runs in a fresh main-actor task whose priority is a marker no
/// other work has (``TrialMarker``); every task and actor job its code
/// starts inherits it. The driver's `swift_task_enqueueGlobal_hook` keeps
/// the jobs of the current marker for the trial (``TrialJobs``), and passes
/// every other job on untouched, so the tests, harness and tasks that share
/// the process are neither counted nor held up.
///
/// Trials run one at a time in the process: a caller waits, first come first
/// served, for the one before it to finish.
///
/// ```swift
/// guard let driver = TrialJobDriver.shared else { /* fall back */ }
/// let log = await driver.withTrial { jobs in
///   screen.tap()                  // the tap's tasks carry the trial's marker
///   await Task.yield()            // main-actor jobs run
///   while jobs.runnableCount > 0 {
///     jobs.run(at: chooser.next(jobs.runnableJobs))
///     await Task.yield()
///   }
///   return screen.log
/// }
/// ```
///
/// - Important: used on the main actor. Where the runtime lacks the hook,
///   ``shared`` is `nil` and ``availability`` says why.
@MainActor
package final class TrialJobDriver {
  /// Whether a driver can be had, and why not.
  package enum Availability {
    /// The driver.
    case available(TrialJobDriver)
    /// No driver: `reason` says what is missing, for the report.
    case unavailable(reason: String)

    /// The driver, if available.
    package var driver: TrialJobDriver? {
      if case .available(let driver) = self { return driver }
      return nil
    }
  }

  /// The runtime's hook the driver installs itself in.
  package static let enqueueHookSymbol = "swift_task_enqueueGlobal_hook"

  /// The process's driver, or why there is none; looked up once.
  package static let availability: Availability = connect(hookSymbol: enqueueHookSymbol)

  /// The process's driver; `nil` where the runtime lacks a seam it needs.
  package static var shared: TrialJobDriver? {
    if case .available(let driver) = availability { return driver }
    return nil
  }

  /// Whether the trial marker `priority` (``TrialJobs/marker``) was retired
  /// (a trial the checker gave up on had it): no trial takes it again, and
  /// its jobs are kept, never to run.
  package func isRetired(_ priority: TaskPriority) -> Bool {
    capture.isRetired(TrialMarker(rawValue: UInt8(truncatingIfNeeded: priority.rawValue)))
  }

  /// The driver connected to the runtime's hook `hookSymbol`, or why none
  /// can be: the symbol is missing, or another hook is driven already.
  ///
  /// The first call for a symbol the runtime exports installs the hook;
  /// later calls for it return the same driver. Tests pass a symbol that does
  /// not exist to see the unavailable path.
  package static func connect(hookSymbol: String) -> Availability {
    if case .failure(let missing) = JobCapture.shared.runtime {
      return .unavailable(reason: "\(missing), so a trial's jobs cannot be read")
    }
    guard let address = ConcurrencyRuntimeFunctions.symbol(hookSymbol) else {
      return .unavailable(
        reason: "the concurrency runtime exports no \(hookSymbol), so a trial's jobs cannot be taken from it")
    }
    if let connected {
      guard connected.hookSymbol == hookSymbol else {
        return .unavailable(reason: "the process's enqueue hook is driven through \(connected.hookSymbol) already")
      }
      return .available(connected)
    }
    let driver = TrialJobDriver(
      hookSymbol: hookSymbol, slot: address.assumingMemoryBound(to: EnqueueHook.Hook?.self))
    EnqueueHook.install(in: driver.slot)
    connected = driver
    return .available(driver)
  }

  /// Records trial code running outside the checker's hands: call it from
  /// the endpoints and clock the checker gives the screen.
  ///
  /// Costs one base-priority read when the caller is a task of no trial and
  /// no trial is under way; a task of the trial's with a priority of its own
  /// is told by its scope or id, and learnt as the trial's when it calls
  /// from the main queue.
  /// - Returns: whether the call was counted as an escape of the trial under
  ///   way (its task's priority is the trial's marker, and it is not on the
  ///   main queue).
  /// The number of the trial whose body is running now, when the caller is
  /// that body (its task has the trial's marker): what the trial's own
  /// endpoints and clock keep, to pass to ``noteTrialCode(ofTrial:)``.
  package nonisolated static var trialOfCurrentBody: UInt64? {
    let capture = JobCapture.shared
    guard capture.isTrialUnderWay, let base = Task.basePriority?.rawValue, base == capture.activeMarker?.rawValue else {
      return nil
    }
    return capture.activeTrialNumber
  }

  /// Records trial code running outside the checker's hands, from an
  /// endpoint or clock that belongs to trial `number`: any caller off the
  /// main queue escaped, whatever its task, while that trial is under way.
  /// - Returns: whether the call was counted as an escape.
  @discardableResult
  package nonisolated static func noteTrialCode(ofTrial number: UInt64?) -> Bool {
    if let number, !MainQueueIdentity.isCurrent, JobCapture.shared.ownCodeRanOffMainQueue(trial: number) {
      return true
    }
    return noteTrialCode()
  }

  @discardableResult
  package nonisolated static func noteTrialCode() -> Bool {
    // The base priority, which escalation leaves alone; measured here at
    // about 35 ns, against 75 for `withUnsafeCurrentTask`'s priority.
    guard let base = Task.basePriority?.rawValue else { return false }
    let capture = JobCapture.shared
    guard TrialMarker.isMarker(base) else {
      // A task the trial's code started with a priority of its own (or
      // detached): the trial's by its scope or by its id.
      guard capture.isTrialUnderWay, let taskID = capture.currentTaskID else { return false }
      return capture.codeRan(taskID: taskID, scope: TrialScope.marker, fromMainQueue: MainQueueIdentity.isCurrent)
    }
    guard !MainQueueIdentity.isCurrent else { return false }
    return capture.codeRanOffMainQueue(priority: base)
  }

  private static var connected: TrialJobDriver?

  /// The hook's symbol.
  package let hookSymbol: String
  private let slot: UnsafeMutablePointer<EnqueueHook.Hook?>
  private let capture = JobCapture.shared
  private var turns = TrialTurnStateMachine<CheckedContinuation<Void, Never>>()
  private var nextMarker = TrialMarker.all[0]

  private init(hookSymbol: String, slot: UnsafeMutablePointer<EnqueueHook.Hook?>) {
    self.hookSymbol = hookSymbol
    self.slot = slot
  }

  /// Runs `body` as a trial: in a fresh main-actor task at the next marker
  /// priority, with the trial's jobs in hand.
  ///
  /// Waits for the trial before it to finish first; that wait is not
  /// cancellable. The caller's task-local values are the body's; cancelling
  /// the caller cancels the body's task. Jobs still runnable when `body`
  /// returns, and jobs of the trial released later, run on the main queue
  /// soon after, outside any trial.
  ///
  /// - Parameter body: the trial; it starts the screen's work and runs its
  ///   jobs through the ``TrialJobs`` it is given.
  /// - Returns: what `body` returned.
  /// - Important: `body` must not leave the main actor: an `await` on an
  ///   actor, or on a task or child task of its own, would wait for a job
  ///   that only `body` can run. `Task.yield()` and nonisolated async calls
  ///   are safe: the body's own task is sent back to the main actor.
  /// - Precondition: not called from inside a trial.
  package func withTrial<T: Sendable>(_ body: @MainActor (TrialJobs) async -> T) async -> T {
    if let active = capture.activeMarker, Task.basePriority?.rawValue == active.rawValue {
      preconditionFailure("TrialJobDriver: withTrial called from inside the trial under way (\(active))")
    }
    await takeTurn()
    defer { passTurn() }
    // Installed again, chaining to the newcomer, if something replaced the
    // hook since the last trial.
    EnqueueHook.install(in: slot)
    var marker = nextMarker
    // A retired marker's jobs are parked: skip it (one is always left).
    while capture.isRetired(marker) { marker = marker.next }
    nextMarker = marker.next
    return await withoutActuallyEscaping(body) { body in
      await runInMarkerTask(marker, body)
    }
  }

  private func runInMarkerTask<T: Sendable>(
    _ marker: TrialMarker, _ body: @escaping @MainActor (TrialJobs) async -> T
  ) async -> T {
    let holder = BodyHolder(body)
    let relay = CancellationRelay()
    let capture = capture
    let slot = slot
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
        let task = Task(priority: marker.priority) { @MainActor in
          capture.beginTrial(marker: marker)
          let jobs = TrialJobs(marker: marker, capture: capture)
          let value = await TrialScope.$marker.withValue(marker.rawValue) { await holder.run(jobs) }
          jobs.close()
          if !EnqueueHook.isInstalled(in: slot) { capture.hookWasReplaced() }
          _ = capture.endTrial()
          continuation.resume(returning: value)
        }
        relay.hold(task)
      }
    } onCancel: {
      relay.cancel()
    }
  }

  private func takeTurn() async {
    guard !turns.requestTurn() else { return }
    await withCheckedContinuation { turns.wait($0) }
  }

  private func passTurn() {
    turns.finishTurn()?.resume()
  }
}

/// The trial's body, handed to its task and dropped as soon as it returns, so
/// that `withoutActuallyEscaping` sees it unreferenced when the trial ends.
@MainActor
private final class BodyHolder<T> {
  private var body: (@MainActor (TrialJobs) async -> T)?

  init(_ body: @escaping @MainActor (TrialJobs) async -> T) { self.body = body }

  func run(_ jobs: TrialJobs) async -> T {
    guard let body else { preconditionFailure("BodyHolder: the trial's body ran twice") }
    self.body = nil
    return await body(jobs)
  }
}

/// Cancels the trial's task when its caller is cancelled, before or after
/// the task exists.
private final class CancellationRelay {
  private let lock = NSLock()
  private var task: Task<Void, Never>?
  private var cancelled = false

  func hold(_ task: Task<Void, Never>) {
    let cancelNow = lock.withLock {
      self.task = task
      return cancelled
    }
    if cancelNow { task.cancel() }
  }

  func cancel() {
    let task = lock.withLock {
      cancelled = true
      return self.task
    }
    task?.cancel()
  }
}

// Safety: `task` and `cancelled` are read and written only while `lock` is
// held; the task is cancelled after it is released.
extension CancellationRelay: @unchecked Sendable {}
