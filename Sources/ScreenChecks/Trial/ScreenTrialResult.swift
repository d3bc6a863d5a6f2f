import Foundation

/// How a systematic trial's waits for a settled screen were decided.
public enum SettleMethod: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// By counting the trial's own jobs: none runnable, none running, no timer
  /// due, the main actor's queue drained.
  case counted
  /// By sampling the process's threads asleep (`/proc`, Mach).
  case sampled
  /// At least once by a quiet window, which rests on timing.
  case timed

  /// `counted`, `sampled` or `timed`.
  public var description: String { rawValue }
}

/// Everything the checker recorded of one trial, and its grading.
public struct ScreenTrialResult: Sendable {
  /// The choices of a systematic trial, or the schedule derived from a stress
  /// trial (when one reproduced it); replaying it reproduces the outcome.
  public var schedule: ScreenSchedule?
  /// The trial's outcome.
  public var verdict: ScreenVerdict
  /// The resource checks that failed.
  public var failedChecks: Set<ResourceCheck>
  /// What the screen's user saw, one line per event, in main-actor order: a
  /// VIP scene's display log, or a view model's actions and snapshots.
  public var viewLog: [String]
  /// The timeline the grading read.
  package var timeline: [TimelineEvent]
  /// Every presentation that reached the main actor (VIP scenes), in order.
  public var presentations: [PresentationRecord]
  /// Every call of the screen's dependencies.
  public var calls: [CallRecord]
  /// Every action, with when it was made.
  public var actions: [ActionRecord]
  /// Whether the actions' work finished within the bound.
  public var quiescent: Bool
  /// Calls still in flight when the actions' work had finished.
  public var leftInFlight: Int
  /// Whether a systematic trial left the path it was meant to follow (a
  /// nondeterministic screen, or a replay that did not fit the screen).
  public var diverged: Bool
  /// How many times the settler fell back to a quiet window.
  public var quietSettles: Int
  /// How the trial's waits for a settled screen were decided; `nil` in stress mode.
  public var settledBy: SettleMethod?
  /// Why the trial did not become quiescent, when it did not: which wait
  /// ran out, after which steps.
  public var unsettledReason: String?
  /// What the trial found wrong with the screen's description.
  package var descriptionErrors: [ScreenDescriptionError] = []
  /// The screen's own record of the trial (see ``ScreenAdapter/screenLog``).
  package var screenLog: (any Sendable)?
  /// What the trial's code did outside the checker's hands, when it settled by counting.
  package var escapes: TrialEscapes?
  /// The calls a stress trial's code made from outside the actions' tasks
  /// (a task started on a Dispatch queue or another thread, a detached
  /// task), whose work the trial waited for after the actions' tasks had
  /// finished: until no call was in flight and the screen stayed quiet
  /// for a moment (timing); 0 when it made none.
  package var callsOutsideTheActions = 0
  /// Whether the stress trial waited for such work (or for calls still in
  /// flight when the actions' tasks had finished) before it was graded.
  package var waitedForWorkOutside = false
  /// Whether a stress finding was among those whose replay the run looks
  /// for (``ScreenReport/stressTrialsToLookUp``).
  package var isLookedUp = false
  /// Why a stress trial was set aside and not graded, when it was: its work
  /// outside the actions' tasks had not ended within the bound.
  package var setAside: String?
  /// How long the trial itself ran: not the wait for its turn at the job
  /// driver, which other checkers of the process may be holding.
  package var duration: Duration = .zero
  /// Where the trial's time went (systematic trials).
  package var timing = TimeAccount()
  /// How many call records the trial copied out of its switchboard.
  package var recordCopies = 0
  /// Whether the trial stopped at a settled point because the run's budget
  /// ran out (``SystematicTrial/budgetLeft``): it is not graded in the table.
  package var cutAtBudget = false
  /// When the view reacted to each action it reacted to on its own (stress
  /// mode): its async closure started, or a render restarted a `.task(id:)`.
  package var reactionTimes: [Int: ContinuousClock.Instant] = [:]
  /// When each sleep on the screen's clock that ran to its deadline woke,
  /// by number (stress mode).
  package var wakeTimes: [Int: ContinuousClock.Instant] = [:]
  /// What the replay of ``schedule`` shows, when it shows more than this
  /// stress trial did (a passing state its render never read).
  package var replayShows: ScreenVerdict?

  package init(
    schedule: ScreenSchedule?, verdict: ScreenVerdict, failedChecks: Set<ResourceCheck>, viewLog: [String],
    timeline: [TimelineEvent] = [], presentations: [PresentationRecord] = [], calls: [CallRecord],
    actions: [ActionRecord], quiescent: Bool, leftInFlight: Int, diverged: Bool, quietSettles: Int,
    settledBy: SettleMethod? = nil, unsettledReason: String? = nil
  ) {
    self.schedule = schedule
    self.verdict = verdict
    self.failedChecks = failedChecks
    self.viewLog = viewLog
    self.timeline = timeline
    self.presentations = presentations
    self.calls = calls
    self.actions = actions
    self.quiescent = quiescent
    self.leftInFlight = leftInFlight
    self.diverged = diverged
    self.quietSettles = quietSettles
    self.settledBy = settledBy
    self.unsettledReason = unsettledReason
  }

  /// A trial that never ran because the description's `error` refused the
  /// check: not quiescent, off its path, with the error as its reason and
  /// in ``descriptionErrors``.
  package init(refused error: ScreenDescriptionError, schedule: ScreenSchedule?) {
    self.init(
      schedule: schedule, verdict: ScreenVerdict(observed: [.lost]), failedChecks: [], viewLog: [], calls: [],
      actions: [], quiescent: false, leftInFlight: 0, diverged: true, quietSettles: 0,
      unsettledReason: "not checked: \(error)")
    descriptionErrors = [error]
  }

  /// The view log and the dependency calls, one per line, for `--replay`.
  public var transcript: String {
    var lines: [String] = []
    if let schedule { lines.append("schedule: \(schedule)") }
    lines.append("outcome:  \(verdict)")
    if !failedChecks.isEmpty {
      lines.append(
        "checks:   "
          + failedChecks.sorted { $0.rawValue < $1.rawValue }.map(\.failureDescription).joined(separator: ", "))
    }
    if !quiescent {
      lines.append("the screen did not become quiescent: \(unsettledReason ?? "a wait ran out")")
    }
    if diverged { lines.append("warning: the trial left the schedule's path") }
    if quietSettles > 0 { lines.append("settled by a quiet window (timing) \(quietSettles) times") }
    lines.append("view log (main-actor order):")
    lines.append(contentsOf: viewLog.map { "  \($0)" })
    lines.append("calls:")
    lines.append(contentsOf: calls.map { "  #\($0.id) \($0.label) \($0.request) \($0.outcome)" })
    return lines.joined(separator: "\n")
  }
}

extension ScreenTrialResult {
  /// A stress trial's events as they were recorded, with their times from
  /// its first action: actions, calls started and ended, clock wakes, the
  /// view's reactions and presentations. What a gap is investigated from.
  package var timedEvents: [String] {
    guard let origin = actions.first?.time else { return [] }
    var events: [(time: ContinuousClock.Instant, text: String)] = []
    for action in actions { events.append((action.time, "action \(action.kind.token)\(action.index)")) }
    for call in calls {
      events.append((call.start, "\(call.label) starts"))
      if let latency = call.plannedLatency {
        events.append((call.start + latency, "\(call.label)'s answer is due"))
      }
      if let end = call.end { events.append((end, "\(call.label) ends \(call.outcome)")) }
    }
    for (number, time) in wakeTimes { events.append((time, "clock wake \(number)")) }
    for (action, time) in reactionTimes { events.append((time, "view reacts to action \(action)")) }
    for presentation in presentations {
      events.append((presentation.time, "presents \(presentation.kind) of request \(presentation.request)"))
    }
    return events.sorted { $0.time < $1.time }.map { event in
      let micros = Double((event.time - origin) / .nanoseconds(1)) / 1_000
      return "+\(String(format: "%.1f", micros)) µs \(event.text)"
    }
  }
}
