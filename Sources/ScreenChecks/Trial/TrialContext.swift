import BenchBasics

/// One trial's world, on the main actor: the dependencies the checker
/// answers, the clock it moves, the actions it made, and what the user saw.
///
/// The context makes every action inside the trial's ``ActionWorkProbe``
/// (so that every task the action starts carries it), and keeps the
/// timeline the grading reads. Its adapter builds the screen from
/// ``switchboard`` and ``clock`` and reports displays back.
@MainActor
package final class TrialContext {
  /// Where the trial's time went, as far as the context sees it: the
  /// snapshot closure, the screen's jobs and turns (timed by the trial).
  package var timing = TimeAccount()
  /// The steps the trial's schedule has taken so far, for the slowest step's place.
  package var scheduleSoFar: () -> String = { "" }

  /// Runs `body` (a call of the screen's snapshot closure), timing it.
  package func timingSnapshot<T>(_ body: () -> T) -> T {
    let start = ContinuousClock.now
    defer {
      let took = ContinuousClock.now - start
      timing.snapshots += took
      timing.note("the snapshot closure", took, after: scheduleSoFar())
    }
    return body()
  }

  /// Runs `body` (work of the screen's: a job, a main-actor turn, an
  /// action), timing it as `what`.
  package func timingScreenWork<T>(_ what: String, _ body: () -> T) -> T {
    let mark = timingMark()
    defer { noteScreenWork(what, since: mark) }
    return body()
  }

  /// Where the clocks stand before some work of the screen's.
  package struct TimingMark {
    var start: ContinuousClock.Instant
    var snapshots: Duration
    var answers: Duration
  }

  /// The clocks now, for ``noteScreenWork(_:since:)``.
  package func timingMark() -> TimingMark {
    TimingMark(start: .now, snapshots: timing.snapshots, answers: switchboard.answerTiming.total)
  }

  /// Notes the screen's work that ran since `mark`, less the snapshots
  /// taken and the answer closures run meanwhile (counted as theirs).
  package func noteScreenWork(_ what: String, since mark: TimingMark) {
    let others = (timing.snapshots - mark.snapshots) + (switchboard.answerTiming.total - mark.answers)
    let took = max(ContinuousClock.now - mark.start - others, .zero)
    timing.screenWork += took
    timing.note(what, took, after: scheduleSoFar())
  }

  /// The screen under check.
  package let screen: CheckedScreen
  /// The checker's configuration.
  package let configuration: CheckConfiguration
  /// The actions made so far.
  package let actions = ActionLog()
  /// The screen's dependencies, as the checker answers them.
  package let switchboard: Switchboard
  /// The screen's clock.
  package let clock: CheckerClock
  /// The serial of the trial's probe: what marks a task as the trial's.
  package let probeSerial: UInt64
  /// The priority every task the checker starts for the trial gets; `nil`
  /// for the current one. Systematic mode marks the trial's tasks with it.
  package var taskPriority: TaskPriority?
  /// The screen, once built.
  package private(set) var adapter: (any ScreenAdapter)?
  /// What the user experienced, in main-actor order.
  package private(set) var timeline: [TimelineEvent] = []
  /// The transcript's view log: one line per event the screen shows.
  package var viewLog: [String] = []
  /// Whether the view's reactions to an action (the render that restarts
  /// `.task(id:)`, the start of an async action's closure) wait for the
  /// checker's choice (systematic mode) rather than happen as the main
  /// queue runs them (stress mode).
  package var reactionsAreChoices = false
  /// When the view reacted to each action it reacted to: its async closure
  /// started, or a render restarted a `.task(id:)` for it. Stress replays
  /// are derived from it.
  package private(set) var reactionTimes: [Int: ContinuousClock.Instant] = [:]
  /// Called at the start of each presentation (VIP scenes), with the trial's
  /// chooser behind it; returns `true` to hold the presentation.
  package var willPresent: (@MainActor (PresentationRecord) -> Bool)?
  /// What the description got wrong, as the trial found it.
  package var descriptionErrors: [ScreenDescriptionError] {
    switchboard.reportedErrors
      + switchboard.unissued.map { .unissuedRequest(screen: screen.name, endpoint: $0.endpoint, key: $0.key) }
  }

  private var probe: ActionWorkProbe?
  private let workFinished: OneShotSignal

  /// Creates a trial's context.
  /// - Parameters:
  ///   - screen: the screen under check.
  ///   - configuration: actions per trial, cancellation style, late answers.
  ///   - mode: how calls are answered.
  ///   - pace: how the clock moves.
  package init(
    screen: CheckedScreen, configuration: CheckConfiguration, mode: SwitchboardMode, pace: CheckerClock.Pace
  ) {
    let finished = OneShotSignal()
    let probe = ActionWorkProbe { finished.fire() }
    self.screen = screen
    self.configuration = configuration
    self.probe = probe
    self.probeSerial = probe.serial
    self.workFinished = finished
    self.switchboard = Switchboard(
      mode: mode, cancellationStyle: configuration.cancellationStyle, lateResponses: configuration.lateResponses,
      actions: actions, trialSerial: probe.serial, answerBound: configuration.quiescenceTimeout)
    self.clock = CheckerClock(pace: pace)
  }

  /// Builds the screen, and lets it appear.
  package func start() {
    let adapter = screen.makeAdapter(self)
    self.adapter = adapter
    withActionWork(0) { adapter.appear() }
  }

  /// How many actions have been made.
  package var actionsMade: Int { actions.count }

  /// The kinds of action that may come next: those the history allows
  /// (``CheckedScreen/allowedActions(after:)``) that the screen offers now.
  package var allowedActions: [ActionKind] {
    let allowed = screen.allowedActions(after: actions.records)
    guard let adapter else { return allowed }
    return allowed.filter { adapter.offers($0) }
  }

  /// Makes the next action, of `kind`: records it, then performs it inside
  /// the trial's work.
  /// - Returns: the action.
  @discardableResult
  package func act(_ kind: ActionKind) -> ActionRecord {
    guard probe != nil, let adapter else {
      preconditionFailure("TrialContext: an action after the last one was declared, or before the screen was built")
    }
    // What changed before the action is what the user saw when they acted.
    adapter.lookAtScreen()
    let value = screen.value(of: kind, after: actions.records)
    let record = actions.append(
      kind, value: value, isIgnored: kind == .type && screen.ignores(value), continuing: continuedGeneration)
    timeline.append(.action(record))
    timingScreenWork("the action \(record)") { withActionWork(record.index) { adapter.perform(record) } }
    if adapter.seesAtOnce(record) { markSeen(record.index, later: false) }
    return record
  }

  /// The newest generation code of the screen has seen an action of (0,
  /// the appearance's, before any).
  private var newestSeenGeneration = 0

  /// The generation a next page made now continues: the one whose results
  /// end the list on screen, which the user scrolled to the end of — so a
  /// page asked for while a refresh runs, or after one failed and kept the
  /// old list, extends the old list. With nothing listed, the newest
  /// generation the screen has seen (not an async action whose closure has
  /// not started yet).
  private var continuedGeneration: Int {
    for case .display(let display) in timeline.reversed() {
      return display.items.last?.generation ?? newestSeenGeneration
    }
    return newestSeenGeneration
  }

  /// - Parameter later: whether it is seen after it was made (an async
  ///   action), which the timeline says; one seen as it is made needs no event.
  private func markSeen(_ index: Int, later: Bool) {
    if later { timeline.append(.actionSeen(index)) }
    newestSeenGeneration = max(newestSeenGeneration, generation(of: index))
  }

  /// Notes that code of the screen saw action `index` (its async closure
  /// started): a result shown before then is not the screen's fault. An
  /// async next page continues the list on screen now, whose generation
  /// may be newer than the one on screen when it was made (a refresh
  /// answered in between); the timeline's record of it says so.
  package func noteSeen(_ index: Int) {
    let continued = continuedGeneration
    if let record = actions.records.first(where: { $0.index == index }), !record.kind.startsGeneration,
      record.generation != continued, let changed = actions.setContinued(index, generation: continued)
    {
      timeline = timeline.map { event in
        if case .action(let action) = event, action.index == index { return .action(changed) }
        return event
      }
    }
    markSeen(index, later: true)
    viewLog.append("the screen sees action \(index) (its closure starts)")
    noteReaction(to: index)
  }

  /// Notes that the view reacted to action `index` now.
  package func noteReaction(to index: Int) {
    if reactionTimes[index] == nil { reactionTimes[index] = .now }
  }

  /// Runs `body` as the work of action `index` (0 for the screen's appearance).
  package func withActionWork<Result>(_ index: Int, _ body: () -> Result) -> Result {
    guard let probe else { return body() }
    return ActionWork.$current.withValue(ActionWork(probe: probe, action: index), operation: body)
  }

  /// The trial's work marker for action `index`, for tasks started outside
  /// an action's synchronous part (a `.task(id:)` the screen restarts);
  /// `nil` once the last action was declared.
  package func actionWork(_ index: Int) -> ActionWork? {
    probe.map { ActionWork(probe: $0, action: index) }
  }

  /// Records a change of what the user sees.
  package func record(_ display: Display) {
    timeline.append(.display(display))
  }

  /// Records what the screen shows at a settled point, when its contract
  /// grades the loading indicator.
  package func recordSettledView() {
    guard screen.contract.has(.loadingState), let isLoading = adapter?.isLoading else { return }
    timeline.append(.settled(SettledView(isLoading: isLoading, inFlight: switchboard.actionsInFlight)))
  }

  /// Notes a mistake of the description; the check stops with it.
  package func report(_ error: ScreenDescriptionError) {
    switchboard.report(error)
  }

  /// The generation of action `index` (0, the screen's appearance, is its own).
  package func generation(of index: Int) -> Int {
    actions.records.first { $0.index == index }?.generation ?? index
  }

  /// Declares that no action follows: once every task the actions started
  /// has finished, ``workHasFinished`` holds.
  package func declareLastAction() {
    probe = nil
  }

  /// Whether every task the actions started has finished (after the last
  /// action was declared).
  package var workHasFinished: Bool { workFinished.hasFired }

  /// Waits until every task the actions started has finished, after the
  /// last action was declared.
  /// - Parameter timeout: the bound on the wait.
  /// - Returns: whether the work finished within the bound.
  package func waitForWork(timeout: Duration) async -> Bool {
    probe = nil
    return await workFinished.wait(timeout: timeout)
  }
}
