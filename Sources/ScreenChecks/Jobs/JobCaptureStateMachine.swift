/// Which of a marked job's destinations it goes to, and the trial's queue of
/// captured jobs: the decisions of ``JobCapture``, without locks or jobs.
///
/// Generic over the job so that tests can drive it with plain values.
/// Only jobs whose priority is a marker reach it (the hook forwards the
/// others before this), except on the driver's own executor, where anything
/// a captured job re-enqueues arrives.
struct JobCaptureStateMachine<Job> {
  /// A job as it reached the hook or the driver's executor.
  struct Arrival {
    /// The job.
    var job: Job
    /// Its priority's raw value.
    var priority: UInt8
    /// Its address, to recognise the trial's own task.
    var identity: UInt
    /// What it resumes.
    var kind: TrialJob.Kind
    /// Whether it was enqueued from code on the main queue.
    var fromMainQueue: Bool
    /// Whether it reached the enqueue hook (rather than the driver's executor).
    var viaHook: Bool = true
  }

  /// Where an arriving job goes.
  enum ArrivalAction: Equatable {
    /// Into the trial's runnable jobs.
    case captured
    /// The task that is running now enqueued itself for the global executor:
    /// it ran on the driver's serial executor and its nonisolated code hops
    /// back, a hop the real pool makes inline. It runs as soon as the job in
    /// hand returns, as part of the same step.
    case continuesRunningTask
    /// It is the trial's own task (the checker's code) asking to resume:
    /// back onto the main actor, never into the checker's own hands.
    case resumeOnMainActor
    /// Into the leftovers, which run on the main queue; `scheduleDrain` when
    /// no drain is pending yet.
    case leftover(scheduleDrain: Bool)
  }

  /// What a finished trial did.
  struct TrialSummary: Equatable {
    /// Jobs captured.
    var captured: Int
    /// Jobs run.
    var ran: Int
    /// Jobs still runnable at the end, now leftovers.
    var abandoned: Int
  }

  private struct Entry {
    var job: Job
    var description: TrialJob
  }

  private struct Trial {
    var marker: TrialMarker
    var bodyIdentity: UInt
    var bodyTaskID: UInt64
    var runnable: [Entry] = []
    var captured = 0
    var ran = 0
    var inlineHops = 0
    var escapes = TrialEscapes()
    /// The task of the job being run, if it is a task job.
    var runningTaskID: UInt64?
    var continuation: Job?

    mutating func capture(_ arrival: Arrival) -> ArrivalAction {
      if !arrival.fromMainQueue { escapes.jobsFromOffMainQueue += 1 }
      captured += 1
      if arrival.viaHook, arrival.fromMainQueue, case .task(let id) = arrival.kind, id == runningTaskID {
        guard continuation == nil else {
          preconditionFailure("JobCaptureStateMachine: task \(id) enqueued itself twice in one run")
        }
        continuation = arrival.job
        return .continuesRunningTask
      }
      runnable.append(Entry(job: arrival.job, description: TrialJob(sequence: captured - 1, kind: arrival.kind)))
      return .captured
    }

    mutating func take(at index: Int) -> Job {
      guard runningTaskID == nil, continuation == nil else {
        preconditionFailure("JobCaptureStateMachine: takeRunnable(at: \(index)) while a job runs")
      }
      guard runnable.indices.contains(index) else {
        preconditionFailure("JobCaptureStateMachine: takeRunnable(at: \(index)) with \(runnable.count) runnable jobs")
      }
      let entry = runnable.remove(at: index)
      ran += 1
      if case .task(let id) = entry.description.kind { runningTaskID = id }
      return entry.job
    }

    mutating func jobReturned() -> Job? {
      guard let hop = continuation else {
        runningTaskID = nil
        return nil
      }
      continuation = nil
      ran += 1
      inlineHops += 1
      return hop
    }
  }

  private var trial: Trial?
  private var leftovers: [Job] = []
  private var drainScheduled = false
  private var drainingLeftovers = false

  /// No trial, no leftovers.
  init() {}

  /// The marker of the trial under way, if any.
  var activeMarker: TrialMarker? { trial?.marker }

  /// The trial's runnable jobs, oldest first.
  var runnableJobs: [TrialJob] { trial?.runnable.map(\.description) ?? [] }

  /// How many of the trial's jobs are runnable.
  var runnableCount: Int { trial?.runnable.count ?? 0 }

  /// Whether a trial is under way.
  var isTrialUnderWay: Bool { trial != nil }

  /// How many jobs the trial captured so far.
  var capturedCount: Int { trial?.captured ?? 0 }

  /// How many of the trial's jobs were handed out to run, inline hops
  /// included.
  var ranCount: Int { trial?.ran ?? 0 }

  /// How many of the jobs run were a running task's hop back to the global
  /// executor, run inline.
  var inlineHopCount: Int { trial?.inlineHops ?? 0 }

  /// The trial's escapes so far.
  var escapes: TrialEscapes { trial?.escapes ?? TrialEscapes() }

  /// How many leftovers wait for the main queue.
  var leftoverCount: Int { leftovers.count }

  /// A trial starts: jobs of `marker` are its, except those of its own task
  /// (`bodyIdentity`) and of tasks older than it (`bodyTaskID`).
  mutating func beginTrial(marker: TrialMarker, bodyIdentity: UInt, bodyTaskID: UInt64) {
    guard trial == nil else {
      preconditionFailure("JobCaptureStateMachine: beginTrial(\(marker)) while \(trial!.marker) is under way")
    }
    trial = Trial(marker: marker, bodyIdentity: bodyIdentity, bodyTaskID: bodyTaskID)
  }

  /// A job arrived; where does it go?
  mutating func jobArrived(_ arrival: Arrival) -> ArrivalAction {
    // `trial` is read and changed in place throughout: a copy would make
    // every append copy the runnable jobs.
    guard let marker = trial?.marker, arrival.priority == marker.rawValue else {
      return addLeftover(arrival.job)
    }
    if arrival.fromMainQueue && drainingLeftovers {
      // Enqueued by a leftover running on the main queue now: a leftover
      // too, whatever its marker (a yield's continuation has no task id).
      return addLeftover(arrival.job)
    }
    if arrival.identity == trial!.bodyIdentity { return .resumeOnMainActor }
    if case .task(let id) = arrival.kind, id < trial!.bodyTaskID {
      // A task older than the trial: a leftover of an earlier trial that
      // had the same marker.
      return addLeftover(arrival.job)
    }
    return trial!.capture(arrival)
  }

  /// Takes the runnable job at `index` (0 is the oldest) to run it; until
  /// ``jobReturned()``, it is the job running.
  mutating func takeRunnable(at index: Int) -> Job {
    guard trial != nil else {
      preconditionFailure("JobCaptureStateMachine: takeRunnable(at: \(index)) with no trial under way")
    }
    return trial!.take(at: index)
  }

  /// The job taken last returned.
  /// - Returns: the running task's hop back, to run now as part of the same
  ///   step (it is then the job running); `nil` when the step is over.
  mutating func jobReturned() -> Job? {
    guard trial != nil else {
      preconditionFailure("JobCaptureStateMachine: jobReturned() with no trial under way")
    }
    return trial!.jobReturned()
  }

  /// Trial code of `priority` ran off the main queue; returns whether it was
  /// the trial's, and so counted.
  mutating func codeRanOffMainQueue(priority: UInt8) -> Bool {
    guard trial?.marker.rawValue == priority else { return false }
    trial!.escapes.codeOffMainQueue += 1
    return true
  }

  /// A job of the trial became runnable while the checker waited with
  /// nothing of its own to run: something outside its hands released it.
  mutating func releasedWhileWaiting() {
    trial?.escapes.releasedWhileWaiting += 1
  }

  /// The enqueue hook was found replaced during the trial.
  mutating func hookWasReplaced() {
    trial?.escapes.hookReplaced = true
  }

  /// The trial ends: its runnable jobs become leftovers.
  /// - Returns: what the trial did, and whether a drain must be scheduled.
  mutating func endTrial() -> (summary: TrialSummary, scheduleDrain: Bool) {
    guard let finished = trial else {
      preconditionFailure("JobCaptureStateMachine: endTrial() with no trial under way")
    }
    guard finished.runningTaskID == nil, finished.continuation == nil else {
      preconditionFailure("JobCaptureStateMachine: endTrial() while a job runs")
    }
    trial = nil
    let summary = TrialSummary(captured: finished.captured, ran: finished.ran, abandoned: finished.runnable.count)
    guard !finished.runnable.isEmpty else { return (summary, false) }
    leftovers.append(contentsOf: finished.runnable.map(\.job))
    let scheduleDrain = !drainScheduled
    drainScheduled = true
    return (summary, scheduleDrain)
  }

  /// Takes every leftover to run it on the main queue; until
  /// ``leftoverDrainFinished()``, what the main queue enqueues is a leftover.
  /// The next leftover schedules a new drain.
  mutating func takeLeftovers() -> [Job] {
    guard !drainingLeftovers else { preconditionFailure("JobCaptureStateMachine: takeLeftovers() while draining") }
    let taken = leftovers
    leftovers.removeAll()
    drainScheduled = false
    drainingLeftovers = true
    return taken
  }

  /// The leftovers taken last have run.
  mutating func leftoverDrainFinished() {
    guard drainingLeftovers else {
      preconditionFailure("JobCaptureStateMachine: leftoverDrainFinished() while not draining")
    }
    drainingLeftovers = false
  }

  private mutating func addLeftover(_ job: Job) -> ArrivalAction {
    leftovers.append(job)
    let scheduleDrain = !drainScheduled
    drainScheduled = true
    return .leftover(scheduleDrain: scheduleDrain)
  }
}
