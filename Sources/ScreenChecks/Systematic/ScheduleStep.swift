/// One choice the checker makes in a systematic trial.
public enum ScheduleStep: Sendable, Hashable, CustomStringConvertible {
  /// Make the `n`-th action, of `kind`, while the screen is settled: `t2`, `q1`, `c3`.
  case act(ActionKind, Int)
  /// Let a parked call answer, naturally (`u1`, `search2`) or with a failure (`u1f`).
  case release(CallLabel, failing: Bool)
  /// Job-level: let a parked call answer, naturally or with a failure, but
  /// hold the task that waits for it: the answer is in hand (a cancellation
  /// of the task no longer reaches the call), and the task goes on only at a
  /// later ``resumeHeldAnswer(_:)`` step, as a task whose thread was kept
  /// from running after its answer arrived would: `feed1h`, `u1fh`.
  case holdAnswer(CallLabel, failing: Bool)
  /// Let the task waiting for a held answer go on with it, with the screen
  /// settled: `feed1r`.
  case resumeHeldAnswer(CallLabel)
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
  /// Job-level: move the screen's clock as ``advanceClock(_:)`` does, but
  /// hold the task of the `n`-th sleep: it woke (a cancellation no longer
  /// reaches the sleep), and goes on only at a later
  /// ``resumeHeldWake(_:)`` step: `d1h`.
  case holdWake(Int)
  /// Let the task of a held wake go on, with the screen settled: `d1r`.
  case resumeHeldWake(Int)
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

  /// The letters of the steps that are neither actions nor answers: hold
  /// and show a presentation, a deadline, the view's reaction, a job.
  package static let stepLetters: [Character] = ["h", "s", "d", "v", "j"]

  /// Tap "refresh" (the `n`-th action, a load) while the screen is settled: `t2`.
  public static func tap(_ n: Int) -> ScheduleStep { .act(.load, n) }

  /// Tap "refresh" (the `n`-th action) just before a presentation is shown: `t2@1`.
  public static func tapBeforePresentation(tap: Int, request: Int, occurrence: Int) -> ScheduleStep {
    .actBeforePresentation(.load, tap, request: request, occurrence: occurrence)
  }

  /// Whether the step is a job-level choice, which spends a preemption:
  /// it runs a job other than the oldest, acts between two jobs, or keeps
  /// a task from running once its answer arrived.
  public var isJobLevel: Bool {
    switch self {
    case .runJob, .actBetweenJobs, .holdAnswer, .holdWake: true
    default: false
    }
  }

  /// Whether the step is something arriving from outside the screen's
  /// code: an answer, or a deadline of its clock.
  var arrives: Bool {
    switch self {
    case .release, .holdAnswer, .advanceClock, .holdWake: true
    default: false
    }
  }

  /// Whether the step answers a call or lets its held task go on.
  var answersACall: Bool {
    switch self {
    case .release, .holdAnswer, .resumeHeldAnswer: true
    default: false
    }
  }

  /// Whether the step makes an action.
  public var isAction: Bool { actionKind != nil }

  /// The kind of action the step makes, if it makes one.
  public var actionKind: ActionKind? {
    switch self {
    case .act(let kind, _), .actBeforePresentation(let kind, _, _, _), .actBetweenJobs(let kind, _, _): kind
    case .release, .holdAnswer, .resumeHeldAnswer, .holdPresentation, .showHeldPresentation, .advanceClock,
      .holdWake, .resumeHeldWake, .react, .runJob:
      nil
    }
  }

  /// The token of the step in a schedule string.
  public var description: String {
    switch self {
    case .act(let kind, let n):
      "\(kind.token)\(n)"
    case .release(let label, let failing):
      failing ? "\(label)f" : "\(label)"
    case .holdAnswer(let label, let failing):
      failing ? "\(label)fh" : "\(label)h"
    case .resumeHeldAnswer(let label):
      "\(label)r"
    case .actBeforePresentation(let kind, let n, let request, let occurrence):
      occurrence == 1 ? "\(kind.token)\(n)@\(request)" : "\(kind.token)\(n)@\(request)#\(occurrence)"
    case .holdPresentation(let request, let occurrence):
      occurrence == 1 ? "h\(request)" : "h\(request)#\(occurrence)"
    case .showHeldPresentation(let request, let occurrence):
      occurrence == 1 ? "s\(request)" : "s\(request)#\(occurrence)"
    case .advanceClock(let n):
      "d\(n)"
    case .holdWake(let n):
      "d\(n)h"
    case .resumeHeldWake(let n):
      "d\(n)r"
    case .react(let n):
      "v\(n)"
    case .runJob(let position, let after):
      "j\(position)~\(after)"
    case .actBetweenJobs(let kind, let n, let after):
      "\(kind.token)\(n)~\(after)"
    }
  }
}
