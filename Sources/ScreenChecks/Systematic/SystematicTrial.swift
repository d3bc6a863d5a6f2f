/// Runs one systematic trial: gated dependencies, a clock that moves only
/// when the checker says so, the screen settled between choices, and a
/// chooser deciding every action, every answer and every deadline.
///
/// The loop: settle; check that superseded calls were cancelled; offer the
/// choices (the view's pending reaction to an action, at once or put off;
/// the next action of each kind allowed, each parked call answering
/// normally or failing, and, within the preemption bound, doing so with its
/// task held; each held presentation and held answer, the next deadline); take
/// one; repeat until no action remains and nothing is parked, sleeping or
/// waiting for the view to react.
/// Presentations are decision points too (VIP scenes): when actions remain,
/// the checker may act just before a presentation is shown, and, in a
/// replay whose schedule says so, hold it so that later ones overtake it
/// (shown by a later choice at a settled point). Then the checker waits,
/// with a bound, for every task the actions started to finish.
///
/// With the counting settle (``SettleStrategy/counting``), the trial runs in
/// the hands of the ``TrialJobDriver``: its jobs wait for the checker, which
/// settles when none is runnable after the main actor's queue drained, and
/// which may, within the preemption bound, pick a job other than the oldest
/// or act between two jobs (the job level).
@MainActor
struct SystematicTrial {
  /// How one trial runs: everything but the screen, its configuration
  /// and the chooser, in one value that a run builds once and varies per
  /// level (``preemptions``) and per trial (``budgetLeft``).
  struct Settings {
    /// Whether answers may be failures.
    var injectFailures = true
    /// Whether presentations are decision points (act just before one is shown).
    var actionsBeforePresentations = true
    /// Whether a presentation may be held and shown later; `false` for
    /// exploration, which enumerates actions and answers only.
    var holdsPresentations = false
    /// How the trial settles.
    var settle = SettleStrategy.counting
    /// How many job-level choices the trial may make.
    var preemptions = 0
    /// What is left of the run's budget when the trial starts: past it, the
    /// trial stops at its next settled point, cleans up, and comes back
    /// ``ScreenTrialResult/cutAtBudget``, to be set aside. `nil` for none.
    var budgetLeft: Duration?
  }

  /// The screen under check.
  let screen: CheckedScreen
  /// The checker's configuration.
  let configuration: CheckConfiguration
  /// How the trial runs.
  var settings: Settings
  /// How the screen is waited for between choices, when not by counting.
  let settler: SceneSettler
  /// The job driver counting trials run in; `nil` to sample.
  let driver: TrialJobDriver?

  /// A trial of `screen`, run as `settings` say, by counting in `driver`'s
  /// hands when the settle counts and a driver is given, else sampled by `settler`.
  init(
    screen: CheckedScreen, configuration: CheckConfiguration, settings: Settings, settler: SceneSettler,
    driver: TrialJobDriver?
  ) {
    self.screen = screen
    self.configuration = configuration
    self.settings = settings
    self.settler = settler
    self.driver = driver
  }

  /// Runs the trial: in the job driver's hands when it counts, else sampling.
  /// - Parameter chooser: decides at every decision point.
  /// - Returns: the trial's records and grading; its schedule is the steps taken.
  func run(chooser: any ScheduleChooser) async -> ScreenTrialResult {
    if settings.settle == .counting, let driver {
      return await driver.withTrial { jobs in await run(chooser: chooser, jobs: jobs) }
    }
    return await run(chooser: chooser, jobs: nil)
  }

  /// What one run of the loop keeps between its steps.
  @MainActor
  final class Progress {
    var steps: [ScheduleStep] = []
    /// Picks of the oldest runnable job since the last step.
    var picks = 0
    var preemptionsLeft: Int

    init(preemptions: Int) { preemptionsLeft = preemptions }

    func record(_ step: ScheduleStep) {
      steps.append(step)
      picks = 0
      if step.isJobLevel { preemptionsLeft -= 1 }
    }
  }

  private func run(chooser: any ScheduleChooser, jobs: TrialJobs?) async -> ScreenTrialResult {
    let started = ContinuousClock.now
    let context = TrialContext(screen: screen, configuration: configuration, mode: .gated, pace: .manual)
    context.taskPriority = jobs?.marker
    let actions = configuration.actions
    let progress = Progress(preemptions: jobs == nil ? 0 : settings.preemptions)
    context.scheduleSoFar = { ScreenSchedule(progress.steps).description }
    var failedChecks: Set<ResourceCheck> = []
    var quietSettles = 0
    var settledInTime = true
    var unsettledReason: String?
    var releaseFailed = false

    context.willPresent = { record in
      var options: [ScheduleChoice] = [.letPresentationThrough]
      if settings.actionsBeforePresentations, context.actionsMade < actions {
        for kind in context.allowedActions {
          options.append(
            .step(
              .actBeforePresentation(
                kind, context.actionsMade + 1, request: record.request, occurrence: record.occurrence)))
        }
      }
      if settings.holdsPresentations {
        options.append(.step(.holdPresentation(request: record.request, occurrence: record.occurrence)))
      }
      guard options.count > 1, case .step(let step) = options[chooser.choose(options)] else { return false }
      progress.record(step)
      if case .actBeforePresentation(let kind, _, _, _) = step {
        context.act(kind)
        return false
      }
      return true
    }
    context.reactionsAreChoices = true
    context.start()
    let adapter = context.adapter!
    // The pending reaction a step was taken before, so that reacting to it
    // now is a step of its own (`v2`), not the implicit default.
    var putOffReaction: Int?

    func settled() async -> SettleResult {
      guard let jobs else { return await settler.settle { Fingerprint(context) } }
      let result = await Self.count(
        jobs, context: context, chooser: chooser, progress: progress, timeout: settler.timeout)
      // Never run again: they would spin on after the trial.
      if case .busy = result { jobs.abandon() }
      return result
    }

    let deadline = settings.budgetLeft.map { started + $0 }
    var cutAtBudget = false

    while true {
      let settled = await settled()
      if settled == .quiet { quietSettles += 1 }
      if let deadline, ContinuousClock.now >= deadline {
        // Out of budget: stop at this settled point. Its tasks are
        // answered and ended below as any trial's are.
        cutAtBudget = true
        break
      }
      if settled.gaveUp {
        settledInTime = false
        let after = progress.steps.isEmpty ? "the start" : ScreenSchedule(progress.steps).description
        if case .busy(_, let cause) = settled {
          unsettledReason = "after \(after), \(cause)"
        } else {
          unsettledReason = "the screen did not settle within \(settler.timeout) after \(after)"
        }
        break
      }
      // Generations by action, once per step: a call's own lookup would
      // copy the actions for every parked call.
      let generations = Dictionary(
        uniqueKeysWithValues: context.switchboard.actionsCalled.map { ($0, context.generation(of: $0)) })
      let checksSuperseded = screen.contract.has(.cancelsSuperseded) && !configuration.lateResponses
      let newest = generations.values.max() ?? 0
      context.recordSettledView()
      var leading: [ScheduleChoice] = []
      var trailing: [ScheduleChoice] = []
      if let since = adapter.pendingReaction {
        // The view reacts at once by default; to react later is a step.
        leading.append(putOffReaction == since ? .step(.react(since)) : .reactNow(since))
      }
      if context.actionsMade < actions {
        for kind in context.allowedActions { leading.append(.step(.act(kind, context.actionsMade + 1))) }
      }
      for record in adapter.heldPresentations {
        trailing.append(.step(.showHeldPresentation(request: record.request, occurrence: record.occurrence)))
      }
      for call in context.switchboard.heldCalls { trailing.append(.step(.resumeHeldAnswer(call.label))) }
      // Holding the task an answer or a wake would take on spends a
      // preemption, and matters only if the user, or the view's reaction,
      // can act while it is held.
      let holds =
        jobs != nil && progress.preemptionsLeft > 0
        && (context.actionsMade < actions || adapter.pendingReaction != nil)
      if let sleeper = context.clock.nextSleeper {
        trailing.append(.step(.advanceClock(sleeper.number)))
        if holds { trailing.append(.step(.holdWake(sleeper.number))) }
      }
      for number in context.clock.heldSleeps { trailing.append(.step(.resumeHeldWake(number))) }
      // The parked calls are read where they are, not copied: a screen
      // with thousands of them would copy them all at every step.
      let (chosen, superseded) = context.switchboard.withParkedCalls { pending in
        let superseded = checksSuperseded && pending.contains { (generations[$0.label.action] ?? 0) < newest }
        let options = SettledPointOptions(
          leading: leading, calls: pending, failures: settings.injectFailures, holds: holds, trailing: trailing)
        return (options.isEmpty ? nil : options[chooser.choose(options)], superseded)
      }
      if superseded { failedChecks.insert(.supersededRequestCancelled) }
      guard let choice = chosen else { break }
      if case .reactNow = choice {
        adapter.react()
        continue
      }
      guard case .step(let step) = choice else {
        preconditionFailure("SystematicTrial: a settled point offered no step")
      }
      putOffReaction = adapter.pendingReaction
      progress.record(step)
      switch step {
      case .act(let kind, _), .actBeforePresentation(let kind, _, _, _), .actBetweenJobs(let kind, _, _):
        context.act(kind)
      case .holdPresentation, .runJob:
        preconditionFailure("SystematicTrial: \(step) is not a choice of a settled point")
      case .showHeldPresentation(let request, let occurrence):
        if !adapter.showHeld(request: request, occurrence: occurrence) { releaseFailed = true }
      case .release(let label, let failing):
        let answer: GateAnswer = failing ? .failure(status: 500) : .natural
        if let id = context.switchboard.parkedCall(labelled: label), context.switchboard.release(id, with: answer) {
          break
        }
        releaseFailed = true
      case .holdAnswer(let label, let failing):
        let answer: GateAnswer = failing ? .failure(status: 500) : .natural
        if let id = context.switchboard.parkedCall(labelled: label), context.switchboard.hold(id, with: answer) {
          break
        }
        releaseFailed = true
      case .resumeHeldAnswer(let label):
        if let id = context.switchboard.heldCall(labelled: label), context.switchboard.resumeHeld(id) { break }
        releaseFailed = true
      case .advanceClock(let number):
        if !context.clock.advance(toSleep: number) { releaseFailed = true }
      case .holdWake(let number):
        if !context.clock.advance(toSleep: number, holdingIt: true) { releaseFailed = true }
      case .resumeHeldWake(let number):
        if !context.clock.resumeHeldWake(number) { releaseFailed = true }
      case .react:
        adapter.react()
        putOffReaction = nil
      }
    }
    context.willPresent = nil

    let finished: Bool
    if cutAtBudget {
      finished = false
    } else if let jobs {
      // With nothing runnable and nothing left to release, the actions'
      // tasks have finished, or only work outside the checker's hands (a
      // timer, a callback from another queue) can move them on, or nothing
      // will (a hang). Wait for such work, bounded: what it releases is an
      // escape, and the run is then made again with the sampler; so once
      // anything escaped, waiting on is pointless (the escaped work may
      // wait for an answer only this trial could have given).
      context.declareLastAction()
      func settleAfterTheLastStep() async {
        let result = await settled()
        guard result.gaveUp else { return }
        settledInTime = false
        if case .busy(_, let cause) = result, unsettledReason == nil {
          unsettledReason = "after \(ScreenSchedule(progress.steps)), \(cause)"
        }
      }
      await settleAfterTheLastStep()
      while settledInTime, !context.workHasFinished, jobs.escapes == 0 {
        guard await jobs.waitForRunnableJob(timeout: configuration.quiescenceTimeout) else { break }
        await settleAfterTheLastStep()
      }
      finished = context.workHasFinished
    } else {
      finished = await context.waitForWork(timeout: configuration.quiescenceTimeout)
    }
    if !finished, unsettledReason == nil {
      unsettledReason =
        jobs != nil
        ? "the \(screen.actionNoun)s' tasks had not finished \(configuration.quiescenceTimeout) after the last step, with nothing left to release and none of their jobs runnable"
        : "the \(screen.actionNoun)s' tasks had not finished \(configuration.quiescenceTimeout) after the last step, with nothing left to release"
    }
    let quiescent = settledInTime && finished
    var result = TrialGrading.result(
      context: context, schedule: ScreenSchedule(progress.steps), quiescent: quiescent,
      failedChecks: failedChecks, diverged: chooser.diverged || releaseFailed, quietSettles: quietSettles,
      settledBy: jobs != nil ? .counted : quietSettles > 0 ? .timed : .sampled, unsettledReason: unsettledReason)
    // Graded. Answer whatever a screen that did not settle left parked, so
    // that its tasks end instead of waiting for the rest of the process.
    context.switchboard.close(with: .failure(status: 503))
    context.clock.resumeHeldWakes()
    adapter.disappear()
    if let jobs {
      progress.preemptionsLeft = 0
      _ = await settled()
      result.escapes = jobs.escapeReport
    }
    result.duration = ContinuousClock.now - started
    result.cutAtBudget = cutAtBudget
    result.timing = context.timing
    result.recordCopies = context.switchboard.recordCopies
    result.timing.total = result.duration
    let answers = context.switchboard.answerTiming
    result.timing.answers = answers.total
    if let slowest = answers.slowest {
      result.timing.note("the answer closure of \(slowest.label)", slowest.duration, after: nil)
    }
    return result
  }

  /// Settles a trial whose jobs are in the checker's hands: drains the main
  /// actor's queue and runs every runnable job, oldest first (or as the
  /// chooser says, within the preemption bound), until two drains in a row
  /// run nothing and change nothing the checker watches.
  static func count(
    _ jobs: TrialJobs, context: TrialContext, chooser: (any ScheduleChooser)? = nil, progress: Progress? = nil,
    timeout: Duration
  ) async -> SettleResult {
    let start = ContinuousClock.now
    var last = Fingerprint(context)
    var quietDrains = 0
    var spin = SpinWatch()
    var tentativeRuns = 0
    for _ in 0..<Self.drainLimit {
      // The main actor's turn: the screen's main-actor work runs now.
      let turn = context.timingMark()
      await Task.yield()
      context.noteScreenWork("a turn of the main actor", since: turn)
      var ran = 0
      var offeredBeforeDrain = false
      pick: while true {
        guard jobs.runnableCount > 0 else {
          // The jobs that ran may have left main-actor work on the main
          // queue (a hop with `MainActor.run`), which the next drain runs:
          // acting before it is a job-level choice too.
          guard ran > 0, !offeredBeforeDrain, let chooser, let progress, progress.preemptionsLeft > 0,
            context.actionsMade < context.configuration.actions
          else { break pick }
          offeredBeforeDrain = true
          var options: [ScheduleChoice] = [.runOldestJob]
          for kind in context.allowedActions {
            options.append(.step(.actBetweenJobs(kind, context.actionsMade + 1, after: progress.picks)))
          }
          if case .step(let step) = options[chooser.choose(options)] {
            progress.record(step)
            if case .actBetweenJobs(let kind, _, _) = step { context.act(kind) }
          } else {
            progress.picks += 1
          }
          break pick
        }
        if context.timingScreenWork("a job of the screen's", { jobs.runTentative() }) {
          // Bounded apart, and no sign of the screen's activity: a flood of
          // them is other work of the process leaving the main actor. What
          // the screen's own do shows in the fingerprint.
          tentativeRuns += 1
          if tentativeRuns == Self.tentativeLimit { jobs.stopTakingTentatively() }
          continue
        }
        ran += 1
        if let busy = spin.step(jobs, since: start, timeout: timeout) { return busy }
        guard let chooser, let progress, progress.preemptionsLeft > 0 else {
          context.timingScreenWork("a job of the screen's") { jobs.run(at: 0) }
          continue
        }
        var options: [ScheduleChoice] = [.runOldestJob]
        for position in 1..<jobs.choosableCount {
          options.append(.step(.runJob(position: position + 1, after: progress.picks)))
        }
        if context.actionsMade < context.configuration.actions {
          for kind in context.allowedActions {
            options.append(.step(.actBetweenJobs(kind, context.actionsMade + 1, after: progress.picks)))
          }
        }
        switch options[options.count == 1 ? 0 : chooser.choose(options)] {
        case .step(.runJob(let position, let after)):
          progress.record(.runJob(position: position, after: after))
          context.timingScreenWork("a job of the screen's") { jobs.run(at: position - 1) }
        case .step(let step):
          progress.record(step)
          if case .actBetweenJobs(let kind, _, _) = step { context.act(kind) }
          // The action's main-actor work runs at the next drain, before any job.
          break pick
        case .runOldestJob, .letPresentationThrough, .reactNow:
          progress.picks += 1
          context.timingScreenWork("a job of the screen's") { jobs.run(at: 0) }
        }
      }
      let now = Fingerprint(context)
      if ran > 0 || now != last {
        last = now
        quietDrains = 0
      } else {
        quietDrains += 1
        if quietDrains >= 2 { return .counted }
      }
      if ContinuousClock.now - start >= timeout { return spin.gaveUp }
    }
    return spin.gaveUp
  }

  /// The most main-queue drains one settle makes before it gives up: a
  /// screen that keeps itself busy (a task that yields forever) is bounded
  /// by count, not only by time.
  static let drainLimit = 100_000

  /// The most jobs one settle runs before it gives up, whatever the time:
  /// far above what a screen's action makes (a 10,000-call action makes
  /// about 30,000).
  static let jobLimit = 2_000_000

  /// The most tentative jobs one settle runs before the trial stops taking
  /// them (``TrialJobs/stopTakingTentatively()``).
  static let tentativeLimit = 1_000
}

/// Watches one settle's jobs for a screen that never lets them run out:
/// bounded by the settle's time and by ``SystematicTrial/jobLimit``, and
/// able to say which it was, a few tasks going round without end (a loop of
/// `Task.yield()`) or new tasks started without end.
struct SpinWatch {
  private(set) var ran = 0
  /// The tasks whose jobs ran, up to ``taskSample`` of them.
  private var tasks: Set<UInt64> = []
  private static let taskSample = 1_000

  /// Notes the next job run; returns the settle's result when it must stop.
  @MainActor
  mutating func step(_ jobs: TrialJobs, since start: ContinuousClock.Instant, timeout: Duration) -> SettleResult? {
    ran += 1
    // The clock is read every 64 jobs: a job is a few microseconds.
    if ran % 64 == 0 || ran >= SystematicTrial.jobLimit {
      if ran >= SystematicTrial.jobLimit || ContinuousClock.now - start >= timeout {
        return .busy(jobs: ran, cause: cause)
      }
    }
    if tasks.count < Self.taskSample, case .task(let id) = jobs.oldestRunnableJob?.kind {
      tasks.insert(id)
    }
    return nil
  }

  /// What a settle that ran out of time or drains returns: busy, when its
  /// jobs kept coming; timed out, when none ran (the main actor's own work
  /// kept changing what the checker watches).
  var gaveUp: SettleResult { ran > 0 ? .busy(jobs: ran, cause: cause) : .timedOut }

  private var cause: String {
    // A loop that never ends runs many jobs of few tasks; a screen that
    // keeps starting work runs a few jobs of each of many tasks, however
    // few ran before the bound (a loaded machine runs fewer).
    tasks.count < Self.taskSample && tasks.count * 8 <= ran
      ? "a task of the screen never stopped running: \(ran) jobs of \(tasks.count) tasks ran (a loop of "
        + "Task.yield() that never ends, or ignores cancellation)"
      : "the screen kept starting new work: \(ran) jobs of \(tasks.count)\(tasks.count == Self.taskSample ? "+" : "") "
        + "tasks ran without the screen settling"
  }
}

/// What the settler watches in a systematic trial: any change restarts its wait.
struct Fingerprint: Equatable {
  /// The switchboard's revision: it changes with every call made, parked,
  /// answered or cancelled, so that comparing costs nothing per call.
  var calls: Int
  var events: Int
  var sleepers: [CheckerClock.Sleeper]

  @MainActor
  init(_ context: TrialContext) {
    calls = context.switchboard.revision
    events = context.viewLog.count
    sleepers = context.clock.sleepers
  }
}
