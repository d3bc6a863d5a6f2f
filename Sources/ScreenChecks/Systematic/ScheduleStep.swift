/// One choice the checker makes in a systematic trial.
public enum ScheduleStep: Sendable, Hashable, CustomStringConvertible {
  /// Make the `n`-th action, of `kind`, while the screen is settled: `t2`, `q1`, `c3`.
  case act(ActionKind, Int)
  /// Let a parked call answer, naturally (`u1`, `search2`) or with a failure (`u1f`).
  case release(CallLabel, failing: Bool)
  /// Make the `n`-th action on the main actor just before the `occurrence`-th
  /// presentation for request `request` is shown, as an action queued ahead
  /// of that presentation would: `t2@1`, `t3@2#2`.
  case actBeforePresentation(ActionKind, Int, request: Int, occurrence: Int)
  /// Hold the `occurrence`-th presentation for request `request` as it
  /// reaches the main actor, so that later presentations overtake it, as a
  /// presentation whose hop was delayed would be overtaken: `h1`, `h1#2`.
  case holdPresentation(request: Int, occurrence: Int)
  /// Show a held presentation, with the screen settled: `s1`, `s1#2`.
  case showHeldPresentation(request: Int, occurrence: Int)
  /// Move the screen's clock to the deadline of the trial's `n`-th sleep,
  /// waking it and every sleep due by then: `d1`.
  case advanceClock(Int)
  /// The view reacts, in one render, to action `n` and every action made
  /// after it so far: `.task(id:)` modifiers whose id changed restart, once,
  /// for the id the view then sees, and each async action's closure
  /// (`.refreshable`) starts: `v2`. Without this step the view reacts to an
  /// action at once, before the checker's next choice; with it, the steps
  /// before it happen in the window between the action and the reaction.
  case react(Int)
  /// Job-level: at the job pick `after` picks of the oldest runnable job
  /// since the previous step, run the `position`-th runnable job (2 for the
  /// second oldest) instead: `j2~3`.
  case runJob(position: Int, after: Int)
  /// Job-level: at the job pick `after` picks of the oldest runnable job
  /// since the previous step, make the `n`-th action, of `kind`, before any
  /// of the runnable jobs runs: `t2~3`.
  case actBetweenJobs(ActionKind, Int, after: Int)

  /// Tap "refresh" (the `n`-th action, a load) while the screen is settled: `t2`.
  public static func tap(_ n: Int) -> ScheduleStep { .act(.load, n) }

  /// Tap "refresh" (the `n`-th action) just before a presentation is shown: `t2@1`.
  public static func tapBeforePresentation(tap: Int, request: Int, occurrence: Int) -> ScheduleStep {
    .actBeforePresentation(.load, tap, request: request, occurrence: occurrence)
  }

  /// Whether the step is a job-level choice, which spends a preemption.
  public var isJobLevel: Bool {
    switch self {
    case .runJob, .actBetweenJobs: true
    default: false
    }
  }

  /// Whether the step is something arriving from outside the screen's
  /// code: an answer, or a deadline of its clock.
  var arrives: Bool {
    switch self {
    case .release, .advanceClock: true
    default: false
    }
  }

  /// Whether the step makes an action.
  public var isAction: Bool {
    switch self {
    case .act, .actBeforePresentation, .actBetweenJobs: true
    case .release, .holdPresentation, .showHeldPresentation, .advanceClock, .react, .runJob: false
    }
  }

  /// The token of the step in a schedule string.
  public var description: String {
    switch self {
    case .act(let kind, let n):
      "\(kind.token)\(n)"
    case .release(let label, let failing):
      failing ? "\(label)f" : "\(label)"
    case .actBeforePresentation(let kind, let n, let request, let occurrence):
      occurrence == 1 ? "\(kind.token)\(n)@\(request)" : "\(kind.token)\(n)@\(request)#\(occurrence)"
    case .holdPresentation(let request, let occurrence):
      occurrence == 1 ? "h\(request)" : "h\(request)#\(occurrence)"
    case .showHeldPresentation(let request, let occurrence):
      occurrence == 1 ? "s\(request)" : "s\(request)#\(occurrence)"
    case .advanceClock(let n):
      "d\(n)"
    case .react(let n):
      "v\(n)"
    case .runJob(let position, let after):
      "j\(position)~\(after)"
    case .actBetweenJobs(let kind, let n, let after):
      "\(kind.token)\(n)~\(after)"
    }
  }
}
