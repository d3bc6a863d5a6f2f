import Dispatch
import Foundation
import Synchronization

/// The process's captured jobs: the runnable jobs of the trial under way and
/// the leftovers of trials that ended, shared by the enqueue hook (any
/// thread), the driver's executor, and the driver (the main actor).
///
/// Leftovers — jobs of a trial that ended before they ran, and jobs released
/// later, such as a hanging scene a test lets go of — run on the main queue
/// soon after they arrive, on the driver's executor: they are never forwarded
/// to the runtime, whose global queues do not accept a marker's priority on
/// Darwin.
package final class JobCapture {
  /// The process's one capture: the hook is process-wide.
  package static let shared = JobCapture()

  /// The runtime functions jobs are read with, or the one missing.
  let runtime: Result<ConcurrencyRuntimeFunctions, ConcurrencyRuntimeFunctions.MissingSymbol>
  /// The executor captured jobs run on.
  let executor = CapturedJobExecutor()
  private let unownedExecutor: UnownedSerialExecutor

  private let lock = NSLock()
  /// Whether a trial is under way: the hook's one check, without the lock,
  /// before it looks further at a job without a marker.
  private let trialFlag = Atomic<Bool>(false)
  private var machine = JobCaptureStateMachine<UnownedJob>()
  private var arrivalWaiter: ArrivalWaiter?
  private var nextWaiterID = 0

  private struct ArrivalWaiter {
    var id: Int
    var continuation: CheckedContinuation<Bool, Never>
  }

  private init() {
    unownedExecutor = executor.asUnownedSerialExecutor()
    runtime = ConcurrencyRuntimeFunctions.lookUp()
    MainQueueIdentity.markMainQueue()
  }

  // MARK: - Arrivals (any thread)

  /// Whether a trial is under way; read without the lock.
  var isTrialUnderWay: Bool { trialFlag.load(ordering: .relaxed) }

  /// A job reached the hook (`viaHook`), or was enqueued on the driver's
  /// executor.
  /// - Returns: whether the capture took it; `false` for a job that is
  ///   neither a marker's nor the trial's, which the hook passes on.
  @discardableResult
  func accept(_ job: UnownedJob, viaHook: Bool) -> Bool {
    guard case .success(let functions) = runtime else {
      preconditionFailure("JobCapture: a job arrived although the runtime lacks a function the hook needs")
    }
    let address = unsafeBitCast(job, to: UnsafeRawPointer.self)
    let priority = job.priority.rawValue
    var arrival = JobCaptureStateMachine<UnownedJob>.Arrival(
      job: job,
      priority: priority,
      identity: UInt(bitPattern: address),
      kind: TrialJob.Kind(flags: functions.jobFlags(address), taskID: functions.jobTaskID(address)),
      fromMainQueue: MainQueueIdentity.isCurrent,
      viaHook: viaHook)
    if !TrialMarker.isMarker(priority) {
      // Who enqueued it: the creator of a new task, the resumer of a
      // continuation; nobody when a task enqueues itself.
      arrival.enqueuerTaskID = functions.currentTask().map { functions.jobTaskID($0) }
      arrival.enqueuerScope = TrialScope.marker
    }
    // Locked by hand rather than with `withLock`: this runs for every job
    // of every trial.
    lock.lock()
    let action = machine.jobArrived(arrival)
    var waiter: CheckedContinuation<Bool, Never>?
    if action == .captured || action == .capturedTentatively, arrivalWaiter != nil {
      // A tentative job may be another test's: it wakes the checker to run
      // it, but is no evidence that the trial's work escaped.
      if action == .captured { machine.releasedWhileWaiting() }
      waiter = arrivalWaiter?.continuation
      arrivalWaiter = nil
    }
    lock.unlock()
    switch action {
    case .captured, .capturedTentatively:
      waiter?.resume(returning: true)
    case .continuesRunningTask:
      break
    case .resumeOnMainActor:
      MainActor.shared.enqueue(job)
    case .leftover(let scheduleDrain):
      if scheduleDrain { scheduleLeftoverDrain() }
    case .forward:
      return false
    case .parked:
      break
    }
    return true
  }

  /// Takes `job` as a leftover, to run on the main queue: a job the runtime
  /// cannot be handed.
  func acceptAsLeftover(_ job: UnownedJob) {
    let scheduleDrain = lock.withLock { machine.addLeftover(job) }
    if scheduleDrain { scheduleLeftoverDrain() }
  }

  /// Trial code of `priority` ran off the main queue.
  /// - Returns: whether it was the trial's under way, and so counted.
  func codeRanOffMainQueue(priority: UInt8) -> Bool {
    lock.withLock { machine.codeRanOffMainQueue(priority: priority) }
  }

  /// Code of trial `number` ran off the main queue.
  /// - Returns: whether it was counted, as an escape of the trial under way.
  func ownCodeRanOffMainQueue(trial number: UInt64) -> Bool {
    lock.withLock { machine.ownCodeRanOffMainQueue(trial: number) }
  }

  /// The number of the trial under way, if any.
  var activeTrialNumber: UInt64? { lock.withLock { machine.activeTrialNumber } }

  /// Code of a task without a marker called into the checker: learnt as the
  /// trial's on the main queue, an escape elsewhere, when it is the trial's.
  /// - Returns: whether it was counted as an escape.
  func codeRan(taskID: UInt64, scope: UInt8?, fromMainQueue: Bool) -> Bool {
    lock.withLock { machine.codeRan(taskID: taskID, scope: scope, fromMainQueue: fromMainQueue) }
  }

  /// The id of the task running on this thread, if any.
  var currentTaskID: UInt64? {
    guard case .success(let functions) = runtime else { return nil }
    return functions.currentTask().map { functions.jobTaskID($0) }
  }

  // MARK: - The trial (the main actor)

  /// A trial starts, in its own task, which is running now.
  @MainActor
  func beginTrial(marker: TrialMarker) {
    guard case .success(let functions) = runtime, let task = functions.currentTask() else {
      preconditionFailure("JobCapture: beginTrial(\(marker)) outside a task")
    }
    let taskID = functions.jobTaskID(task)
    lock.withLock {
      machine.beginTrial(marker: marker, bodyIdentity: UInt(bitPattern: task), bodyTaskID: taskID)
      trialFlag.store(true, ordering: .relaxed)
    }
  }

  /// The trial ends; what it left runnable becomes leftovers.
  @MainActor
  func endTrial() -> JobCaptureStateMachine<UnownedJob>.TrialSummary {
    let (summary, scheduleDrain, waiter) = lock.withLock {
      let (summary, scheduleDrain) = machine.endTrial()
      trialFlag.store(false, ordering: .relaxed)
      let waiter = arrivalWaiter
      arrivalWaiter = nil
      return (summary, scheduleDrain, waiter)
    }
    waiter?.continuation.resume(returning: false)
    if scheduleDrain { scheduleLeftoverDrain() }
    return summary
  }

  /// The hook was found replaced during the trial.
  @MainActor
  func hookWasReplaced() {
    lock.withLock { machine.hookWasReplaced() }
  }

  /// The marker of the trial under way, if any.
  var activeMarker: TrialMarker? { lock.withLock { machine.activeMarker } }

  /// The trial's runnable jobs a chooser may pick from, oldest first.
  @MainActor
  var runnableJobs: [TrialJob] { lock.withLock { machine.runnableJobs } }

  /// The oldest of ``runnableJobs``.
  @MainActor
  var oldestRunnableJob: TrialJob? { lock.withLock { machine.oldestRunnableJob } }

  /// How many of ``runnableJobs`` there are.
  @MainActor
  var choosableCount: Int { lock.withLock { machine.choosableCount } }

  /// How many of the trial's jobs are runnable.
  @MainActor
  var runnableCount: Int { lock.withLock { machine.runnableCount } }

  /// Whether a trial is under way, and whether the checker waits in
  /// ``waitForRunnableJob(timeout:)`` for one of its jobs.
  package var waitState: (trialUnderWay: Bool, checkerWaits: Bool) {
    lock.withLock { (machine.isTrialUnderWay, arrivalWaiter != nil) }
  }

  /// How many jobs the trial captured, how many it ran, how many of those
  /// were inline hops, and its escapes.
  @MainActor
  var counts: (captured: Int, ran: Int, inlineHops: Int, escapes: TrialEscapes) {
    lock.withLock { (machine.capturedCount, machine.ranCount, machine.inlineHopCount, machine.escapes) }
  }

  /// Takes the trial's runnable job at `index` and runs it here, on the
  /// driver's executor, with the hops back its task makes.
  @MainActor
  func runRunnable(at index: Int) {
    run(lock.withLock { machine.takeRunnable(at: index) })
  }

  /// Gives up on the trial under way: its runnable jobs, and every job its
  /// marker brings later, are kept, never to run.
  @MainActor
  func abandonTrial() {
    lock.withLock { _ = machine.abandonTrial() }
  }

  /// Whether trials may no longer take `marker`.
  func isRetired(_ marker: TrialMarker) -> Bool {
    lock.withLock { machine.retiredMarkers.contains(marker.rawValue) }
  }

  /// Takes the trial's oldest tentative job, if any, and runs it here.
  /// - Returns: whether a job ran.
  @MainActor
  func runTentative() -> Bool {
    guard let job = lock.withLock({ machine.takeTentative() }) else { return false }
    run(job)
    return true
  }

  /// Takes no more jobs tentatively in this trial; those waiting go back to
  /// the runtime (or, before any job passed the hook, run as leftovers).
  @MainActor
  func stopTakingTentatively() {
    for job in lock.withLock({ machine.stopTakingTentatively() }) where !EnqueueHook.giveBack(job) {
      acceptAsLeftover(job)
    }
  }

  /// Takes the trial's oldest runnable job (not a tentative one), if any,
  /// and runs it here.
  /// - Returns: whether a job ran.
  @MainActor
  func runOldest() -> Bool {
    let job = lock.withLock { () -> UnownedJob? in
      machine.runnableJobs.isEmpty ? nil : machine.takeRunnable(at: 0)
    }
    guard let job else { return false }
    run(job)
    return true
  }

  @MainActor
  private func run(_ first: UnownedJob) {
    var next: UnownedJob? = first
    while let job = next {
      job.runSynchronously(on: unownedExecutor)
      next = lock.withLock { machine.jobReturned() }
    }
  }

  /// Waits until the trial has a runnable job, or `timeout` passes.
  /// - Returns: `true` when a job is runnable; `false` when the bound passed
  ///   or the trial ended first.
  /// - Note: the waiter resumes exactly once, on the main actor.
  @MainActor
  func waitForRunnableJob(timeout: Duration) async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
      let id = lock.withLock { () -> Int? in
        guard machine.runnableCount == 0 else { return nil }
        precondition(arrivalWaiter == nil, "JobCapture: a second waitForRunnableJob while one waits")
        nextWaiterID += 1
        arrivalWaiter = ArrivalWaiter(id: nextWaiterID, continuation: continuation)
        return nextWaiterID
      }
      guard let id else {
        continuation.resume(returning: true)
        return
      }
      // A Dispatch timer, not a task: a task started here would be the trial's.
      DispatchQueue.global().asyncAfter(deadline: .now() + timeout.dispatchInterval) {
        JobCapture.shared.expireArrivalWaiter(id: id)
      }
    }
  }

  private func expireArrivalWaiter(id: Int) {
    let waiter = lock.withLock { () -> ArrivalWaiter? in
      guard let waiter = arrivalWaiter, waiter.id == id else { return nil }
      arrivalWaiter = nil
      return waiter
    }
    waiter?.continuation.resume(returning: false)
  }

  // MARK: - Leftovers (the main queue)

  /// How many leftover jobs wait for the main queue.
  var leftoverCount: Int { lock.withLock { machine.leftoverCount } }

  private func scheduleLeftoverDrain() {
    DispatchQueue.main.async { JobCapture.shared.drainLeftovers() }
  }

  private func drainLeftovers() {
    let jobs = lock.withLock { machine.takeLeftovers() }
    for job in jobs {
      job.runSynchronously(on: unownedExecutor)
    }
    lock.withLock { machine.leftoverDrainFinished() }
  }
}

// Safety: `machine`, `arrivalWaiter` and `nextWaiterID` are
// read and written only while `lock` is held, and continuations are resumed
// after it is released; `runtime` and `executor` are set once, in `init`.
extension JobCapture: @unchecked Sendable {}

extension Duration {
  /// The duration as a Dispatch interval, in whole nanoseconds.
  fileprivate var dispatchInterval: DispatchTimeInterval {
    let (seconds, attoseconds) = components
    let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { return .never }
    return .nanoseconds(Int(clamping: nanoseconds + attoseconds / 1_000_000_000))
  }
}
