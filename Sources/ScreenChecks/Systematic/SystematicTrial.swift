/// Runs one systematic trial: gated dependencies, a clock that moves only
/// when the checker says so, the screen settled between choices, and a
/// chooser deciding every action, every answer and every deadline.
///
/// The loop: settle; check that superseded calls were cancelled; offer the
/// choices (the next action of each kind allowed, each parked call answering
/// normally or failing, each held presentation, the next deadline); take
/// one; repeat until no action remains and nothing is parked or sleeping.
/// Presentations are decision points too (VIP scenes): when actions remain,
/// the checker may act just before a presentation is shown, and, in a
/// replay whose schedule says so, hold it so that later ones overtake it
/// (shown by a later choice at a settled point). Then the checker waits,
/// with a bound, for every task the actions started to finish.
@MainActor
struct SystematicTrial {
  /// The screen under check.
  var screen: CheckedScreen
  /// The checker's configuration.
  var configuration: RefetchCheckConfiguration
  /// Whether answers may be failures.
  var injectFailures: Bool
  /// Whether presentations are decision points (act just before one is shown).
  var tapsBeforePresentations: Bool
  /// Whether a presentation may be held and shown later; `false` for
  /// exploration, which enumerates actions and answers only.
  var holdsPresentations = false
  /// How the screen is waited for between choices.
  var settler: SceneSettler

  init(
    screen: CheckedScreen, configuration: RefetchCheckConfiguration, injectFailures: Bool,
    tapsBeforePresentations: Bool, settler: SceneSettler
  ) {
    self.screen = screen
    self.configuration = configuration
    self.injectFailures = injectFailures
    self.tapsBeforePresentations = tapsBeforePresentations
    self.settler = settler
  }

  /// Runs the trial.
  /// - Parameter chooser: decides at every decision point.
  /// - Returns: the trial's records and grading; its schedule is the steps taken.
  func run(chooser: any ScheduleChooser) async -> RefetchTrialResult {
    let context = TrialContext(screen: screen, configuration: configuration, mode: .gated, pace: .manual)
    let taps = configuration.taps
    var steps: [ScheduleStep] = []
    var failedChecks: Set<ResourceCheck> = []
    var quietSettles = 0
    var settledInTime = true
    var unsettledReason: String?
    var releaseFailed = false

    context.willPresent = { record in
      var options: [ScheduleChoice] = [.letPresentationThrough]
      if tapsBeforePresentations, context.actionsMade < taps {
        for kind in context.allowedActions {
          options.append(
            .step(
              .actBeforePresentation(
                kind, context.actionsMade + 1, request: record.request, occurrence: record.occurrence)))
        }
      }
      if holdsPresentations {
        options.append(.step(.holdPresentation(request: record.request, occurrence: record.occurrence)))
      }
      guard options.count > 1, case .step(let step) = options[chooser.choose(options)] else { return false }
      steps.append(step)
      if case .actBeforePresentation(let kind, _, _, _) = step {
        context.act(kind)
        return false
      }
      return true
    }
    context.start()
    let adapter = context.adapter!

    while true {
      let settled = await settler.settle { Fingerprint(context) }
      if settled == .quiet { quietSettles += 1 }
      if settled == .timedOut {
        settledInTime = false
        unsettledReason =
          "the screen did not settle within \(settler.timeout) after \(steps.isEmpty ? "the start" : RefetchSchedule(steps).description)"
        break
      }
      let records = context.switchboard.records
      let pending = context.switchboard.snapshot.pending
      if screen.contract.has(.cancelsSuperseded), !configuration.lateResponses,
        let newest = records.map({ context.generation(of: $0.action) }).max(),
        pending.contains(where: { context.generation(of: $0.label.action) < newest })
      {
        failedChecks.insert(.supersededRequestCancelled)
      }
      context.recordSettledView()
      var options: [ScheduleChoice] = []
      if context.actionsMade < taps {
        for kind in context.allowedActions { options.append(.step(.act(kind, context.actionsMade + 1))) }
      }
      for call in pending.sorted(by: { $0.label < $1.label }) {
        options.append(.step(.release(call.label, failing: false)))
        if injectFailures { options.append(.step(.release(call.label, failing: true))) }
      }
      for record in adapter.heldPresentations {
        options.append(.step(.showHeldPresentation(request: record.request, occurrence: record.occurrence)))
      }
      if let sleeper = context.clock.nextSleeper { options.append(.step(.advanceClock(sleeper.number))) }
      guard !options.isEmpty else { break }
      guard case .step(let step) = options[chooser.choose(options)] else {
        preconditionFailure("SystematicTrial: a settled point offered no step")
      }
      steps.append(step)
      switch step {
      case .act(let kind, _), .actBeforePresentation(let kind, _, _, _):
        context.act(kind)
      case .holdPresentation:
        preconditionFailure("SystematicTrial: a presentation is held only as it arrives")
      case .showHeldPresentation(let request, let occurrence):
        if !adapter.showHeld(request: request, occurrence: occurrence) { releaseFailed = true }
      case .release(let label, let failing):
        let answer: GateAnswer = failing ? .failure(status: 500) : .natural
        if let id = records.first(where: { $0.label == label })?.id, context.switchboard.release(id, with: answer) {
          break
        }
        releaseFailed = true
      case .advanceClock(let number):
        if !context.clock.advance(toSleep: number) { releaseFailed = true }
      }
    }
    context.willPresent = nil

    let finished = await context.waitForWork(timeout: configuration.quiescenceTimeout)
    if !finished, unsettledReason == nil {
      unsettledReason =
        "the \(screen.actionNoun)s' tasks had not finished \(configuration.quiescenceTimeout) after the last step, with nothing left to release"
    }
    let quiescent = settledInTime && finished
    let result = TrialGrading.result(
      context: context, schedule: RefetchSchedule(steps), quiescent: quiescent, failedChecks: failedChecks,
      diverged: chooser.diverged || releaseFailed, quietSettles: quietSettles,
      settledBy: quietSettles > 0 ? .timed : .sampled, unsettledReason: unsettledReason)
    // Graded. Answer whatever a screen that did not settle left parked, so
    // that its tasks end instead of waiting for the rest of the process.
    _ = context.switchboard.releaseAll(with: .failure(status: 503))
    adapter.disappear()
    return result
  }
}

/// What the settler watches in a systematic trial: any change restarts its wait.
struct Fingerprint: Equatable {
  var calls: SwitchboardSnapshot
  var events: Int
  var sleepers: [CheckerClock.Sleeper]

  @MainActor
  init(_ context: TrialContext) {
    calls = context.switchboard.snapshot
    events = context.viewLog.count
    sleepers = context.clock.sleepers
  }
}
