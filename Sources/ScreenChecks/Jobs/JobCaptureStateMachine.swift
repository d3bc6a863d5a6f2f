/// Which job is the trial's, where it goes, and the trial's queue of captured
/// jobs: the decisions of ``JobCapture``, without locks or jobs.
///
/// Generic over the job so that tests can drive it with plain values.
/// Jobs whose priority is a marker always reach it; other jobs reach it only
/// while a trial is under way (the hook forwards them untouched otherwise),
/// and are the trial's when something ties them to it (``Attribution``):
/// an app's `Task(priority: .userInitiated)`, a `Task.detached` or a
/// task-group child with a priority of its own carries no marker.
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
    /// The task running where the job was enqueued, if any: the creator of
    /// a new task, the resumer of a continuation. `nil` when a task
    /// enqueues itself (the runtime clears the current task first).
    var enqueuerTaskID: UInt64? = nil
    /// The trial scope the enqueuing context carries (a task-local value every
    /// task started inside a trial inherits, whatever its priority; not
    /// `Task.detached`), as the marker's raw value.
    var enqueuerScope: UInt8? = nil
  }

  /// What tied a job without the trial's marker to the trial.
  enum Attribution: Hashable, CaseIterable, CustomStringConvertible {
    /// Its task is one the trial started (seen earlier as the trial's).
    case trialTask
    /// It was enqueued while the driver ran one of the trial's jobs on the
    /// main queue: that job made it (a new task, an actor's processing job,
    /// a resumed continuation).
    case enqueuedByRunningJob
    /// It was enqueued by code of a task of the trial's: its creator or
    /// resumer carries the trial's scope, or is a task of the trial's.
    case enqueuedByTrialCode
    /// A task newer than the trial enqueued itself from the main queue, with
    /// nothing else to tell whose it is (or a job a tentative job made): a
    /// main-actor task the trial's code started with a priority of its own,
    /// leaving the main actor. Exact while nothing else in the process
    /// starts main-actor tasks during the trial (the `bench` command); beside
    /// other main-actor work (tests run in parallel) it may take that work's
    /// job too, so such jobs are taken tentatively: run before any choice,
    /// never a choice, and their tasks not learnt as the trial's.
    case mainQueueTask

    /// `its task is the trial's`, ….
    var description: String {
      switch self {
      case .trialTask: "its task is the trial's"
      case .enqueuedByRunningJob: "enqueued by a job of the trial's"
      case .enqueuedByTrialCode: "enqueued by the trial's code"
      case .mainQueueTask: "a task newer than the trial leaving the main queue"
      }
    }
  }

  /// Where an arriving job goes.
  enum ArrivalAction: Equatable {
    /// Into the trial's runnable jobs.
    case captured
    /// Into the trial's tentative jobs (``Attribution/mainQueueTask``).
    case capturedTentatively
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
    /// Not the trial's, and no marker's: on to the runtime, untouched.
    case forward
    /// A job of a retired marker's (a trial the checker gave up on): kept,
    /// never to run.
    case parked
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
    var number: UInt64
    var marker: TrialMarker
    var bodyIdentity: UInt
    var bodyTaskID: UInt64
    var runnable: [Entry] = []
    /// Jobs taken as the trial's on the weakest evidence
    /// (``Attribution/mainQueueTask``): run before any choice, in arrival
    /// order, and never offered as choices, so that another test's
    /// main-actor work taken by mistake cannot change what is explored.
    var tentative: [Entry] = []
    /// The ids of the tasks seen as the trial's, whatever their priority.
    var tasks: Set<UInt64> = []
    /// Jobs without the marker taken as the trial's, by what tied them to it.
    var attributed: [Attribution: Int] = [:]
    /// Whether a job taken from ``runnable`` is running now.
    var running = false
    /// Whether the job running now is a tentative one.
    var runningTentatively = false
    /// Whether jobs are still taken tentatively in this trial; off once the
    /// checker ran too many of them (other work of the process keeps
    /// leaving the main actor).
    var takesTentatively = true
    var captured = 0
    var ran = 0
    var inlineHops = 0
    var escapes = TrialEscapes()
    /// The task of the job being run, if it is a task job.
    var runningTaskID: UInt64?
    var continuation: Job?

    mutating func capture(_ arrival: Arrival, tentatively: Bool = false) -> ArrivalAction {
      if !arrival.fromMainQueue { escapes.jobsFromOffMainQueue += 1 }
      // Tentative jobs are counted apart (``Trial/attributed``): they may
      // not be the trial's.
      if !tentatively { captured += 1 }
      if !tentatively, case .task(let id) = arrival.kind { tasks.insert(id) }
      if arrival.viaHook, arrival.fromMainQueue, case .task(let id) = arrival.kind, id == runningTaskID {
        guard continuation == nil else {
          preconditionFailure("JobCaptureStateMachine: task \(id) enqueued itself twice in one run")
        }
        continuation = arrival.job
        return .continuesRunningTask
      }
      let entry = Entry(job: arrival.job, description: TrialJob(sequence: max(captured - 1, 0), kind: arrival.kind))
      if tentatively {
        tentative.append(entry)
        return .capturedTentatively
      }
      runnable.append(entry)
      return .captured
    }

    mutating func take(at index: Int) -> Job {
      guard runningTaskID == nil, continuation == nil else {
        preconditionFailure("JobCaptureStateMachine: takeRunnable(at: \(index)) while a job runs")
      }
      guard runnable.indices.contains(index) else {
        preconditionFailure("JobCaptureStateMachine: takeRunnable(at: \(index)) with \(runnable.count) runnable jobs")
      }
      return start(runnable.remove(at: index))
    }

    mutating func takeTentative() -> Job? {
      guard !tentative.isEmpty else { return nil }
      guard runningTaskID == nil, continuation == nil else {
        preconditionFailure("JobCaptureStateMachine: takeTentative() while a job runs")
      }
      let job = start(tentative.removeFirst(), counted: false)
      runningTentatively = true
      return job
    }

    /// Starts `entry`; `counted` in ``ran`` unless tentative (like
    /// ``captured``, the trial's own jobs only).
    private mutating func start(_ entry: Entry, counted: Bool = true) -> Job {
      if counted { ran += 1 }
      running = true
      if case .task(let id) = entry.description.kind { runningTaskID = id }
      return entry.job
    }

    /// What ties `arrival`, a job without the trial's marker, to the trial;
    /// `nil` when nothing does.
    func attribution(of arrival: Arrival) -> Attribution? {
      if case .task(let id) = arrival.kind, tasks.contains(id) { return .trialTask }
      if arrival.fromMainQueue && running && !runningTentatively { return .enqueuedByRunningJob }
      if let enqueuer = arrival.enqueuerTaskID, enqueuer == bodyTaskID || tasks.contains(enqueuer) {
        return .enqueuedByTrialCode
      }
      if arrival.enqueuerScope == marker.rawValue { return .enqueuedByTrialCode }
      // Only a hop through the hook: a job re-enqueued on the driver's
      // executor (a `Task.yield()`) by a tentative job is given back.
      guard arrival.viaHook, arrival.fromMainQueue, arrival.enqueuerTaskID == nil, case .task(let id) = arrival.kind
      else { return nil }
      if running {
        // A tentative job runs: only its own hop goes on with it; what else
        // it makes is nobody's unless its code shows the trial's scope.
        return runningTentatively && id == runningTaskID ? .mainQueueTask : nil
      }
      return takesTentatively && id > bodyTaskID ? .mainQueueTask : nil
    }

    mutating func jobReturned() -> Job? {
      guard let hop = continuation else {
        runningTaskID = nil
        running = false
        runningTentatively = false
        return nil
      }
      continuation = nil
      if !runningTentatively {
        ran += 1
        inlineHops += 1
      }
      return hop
    }
  }

  private var trial: Trial?
  private var trialsBegun: UInt64 = 0
  /// Jobs the checker gave up on, never to run (a task that spins).
  private var parked: [Job] = []
  /// Markers of trials the checker gave up on: their jobs are parked, and
  /// no later trial takes them.
  private(set) var retiredMarkers: Set<UInt8> = []
  private var leftovers: [Job] = []
  private var drainScheduled = false
  private var drainingLeftovers = false

  /// No trial, no leftovers.
  init() {}

  /// The marker of the trial under way, if any.
  var activeMarker: TrialMarker? { trial?.marker }

  /// The trial's runnable jobs a chooser may pick from, oldest first.
  var runnableJobs: [TrialJob] { trial?.runnable.map(\.description) ?? [] }

  /// The oldest of ``runnableJobs``, without describing the others.
  var oldestRunnableJob: TrialJob? { trial?.runnable.first?.description }

  /// How many of ``runnableJobs`` there are.
  var choosableCount: Int { trial?.runnable.count ?? 0 }

  /// How many of the trial's jobs are runnable, tentative ones included.
  var runnableCount: Int { (trial?.runnable.count ?? 0) + (trial?.tentative.count ?? 0) }

  /// Takes the oldest tentative job to run it, if any; until
  /// ``jobReturned()``, it is the job running.
  mutating func takeTentative() -> Job? {
    trial?.takeTentative()
  }

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
    trialsBegun += 1
    trial = Trial(number: trialsBegun, marker: marker, bodyIdentity: bodyIdentity, bodyTaskID: bodyTaskID)
  }

  /// The number of the trial under way (1 for the first trial), if any.
  var activeTrialNumber: UInt64? { trial?.number }

  /// A job arrived; where does it go?
  mutating func jobArrived(_ arrival: Arrival) -> ArrivalAction {
    // `trial` is read and changed in place throughout: a copy would make
    // every append copy the runnable jobs.
    guard TrialMarker.isMarker(arrival.priority) else { return claim(arrival) }
    // Not while the abandoned trial itself is under way: its own body
    // still has to finish.
    if retiredMarkers.contains(arrival.priority), trial?.marker.rawValue != arrival.priority {
      parked.append(arrival.job)
      return .parked
    }
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

  /// A job without a marker: the trial's when something ties it to the trial,
  /// else the runtime's.
  private mutating func claim(_ arrival: Arrival) -> ArrivalAction {
    guard trial != nil, !(arrival.fromMainQueue && drainingLeftovers),
      let attribution = trial!.attribution(of: arrival)
    else {
      // From the driver's executor too: the capture gives it back to the
      // runtime.
      return .forward
    }
    trial!.attributed[attribution, default: 0] += 1
    return trial!.capture(arrival, tentatively: attribution == .mainQueueTask)
  }

  /// Takes the trial's runnable jobs away for good: a screen that never
  /// settles would spin on in them after the trial. Tentative jobs stay:
  /// they may be another test's, and become leftovers like any other.
  /// - Returns: how many were parked.
  @discardableResult
  mutating func parkRunnable() -> Int {
    guard trial != nil else { return 0 }
    let jobs = trial!.runnable.map(\.job)
    trial!.runnable.removeAll()
    parked.append(contentsOf: jobs)
    return jobs.count
  }

  /// Gives up on the trial under way: parks its runnable jobs and retires
  /// its marker, so that what its tasks enqueue later is parked too (a
  /// screen that keeps starting work would otherwise go on in the next
  /// trial that takes the marker). The last marker left is never retired.
  /// - Returns: how many jobs were parked now.
  @discardableResult
  mutating func abandonTrial() -> Int {
    guard let marker = trial?.marker else { return 0 }
    if retiredMarkers.count + 1 < TrialMarker.all.count { retiredMarkers.insert(marker.rawValue) }
    return parkRunnable()
  }

  /// Takes no more jobs tentatively in this trial, and returns those
  /// waiting, to be given back to the runtime.
  mutating func stopTakingTentatively() -> [Job] {
    guard trial != nil else { return [] }
    trial!.takesTentatively = false
    let jobs = trial!.tentative.map(\.job)
    trial!.tentative.removeAll()
    return jobs
  }

  /// How many jobs were parked for good.
  var parkedCount: Int { parked.count }

  /// The jobs without the marker the trial took, by what tied them to it.
  var attributedCounts: [Attribution: Int] { trial?.attributed ?? [:] }

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

  /// Code of trial `number` called into the checker (its own endpoints or
  /// clock) off the main queue: whoever runs it, it escaped the checker's
  /// hands, when that trial is still under way.
  /// - Returns: whether it was counted as an escape.
  mutating func ownCodeRanOffMainQueue(trial number: UInt64) -> Bool {
    guard trial?.number == number else { return false }
    trial!.escapes.codeOffMainQueue += 1
    return true
  }

  /// Code of task `taskID`, carrying trial scope `scope`, called into the
  /// checker (an endpoint, the clock): a task of the trial's with a priority
  /// of its own. On the main queue, its task is learnt as the trial's;
  /// elsewhere it escaped the checker's hands.
  /// - Returns: whether it was counted as an escape.
  mutating func codeRan(taskID: UInt64, scope: UInt8?, fromMainQueue: Bool) -> Bool {
    guard trial != nil, scope == trial!.marker.rawValue || trial!.tasks.contains(taskID) else { return false }
    guard !fromMainQueue else {
      trial!.tasks.insert(taskID)
      return false
    }
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
    let left = finished.tentative + finished.runnable
    let summary = TrialSummary(captured: finished.captured, ran: finished.ran, abandoned: left.count)
    guard !left.isEmpty else { return (summary, false) }
    leftovers.append(contentsOf: left.map(\.job))
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
    .leftover(scheduleDrain: addLeftover(job))
  }

  /// Adds a leftover; returns whether a drain must be scheduled.
  mutating func addLeftover(_ job: Job) -> Bool {
    leftovers.append(job)
    let scheduleDrain = !drainScheduled
    drainScheduled = true
    return scheduleDrain
  }
}
