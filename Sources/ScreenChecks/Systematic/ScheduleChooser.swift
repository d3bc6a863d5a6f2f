import BenchBasics

/// One alternative at a decision point of a systematic trial.
enum ScheduleChoice: Equatable, CustomStringConvertible {
  /// Take this step.
  case step(ScheduleStep)
  /// Let a presentation through without tapping first.
  case letPresentationThrough
  /// Run the oldest runnable job: the job-level default.
  case runOldestJob
  /// Let the view react at once to action `n`, its pending reaction: the
  /// default at a settled point right after the action, written as no token.
  case reactNow(Int)

  var description: String {
    switch self {
    case .step(let step): step.description
    case .letPresentationThrough, .runOldestJob, .reactNow: "-"
    }
  }
}

/// The choices of a settled point, in the order a chooser sees them (the
/// view's pending reaction, the actions, an answer and a failure for each
/// parked call in label order, each held too when holds are offered, the
/// held presentations and answers, the next deadline), made one at a time
/// when read: a screen with thousands of parked calls costs a step nothing
/// per call.
struct SettledPointOptions: RandomAccessCollection {
  /// The choices before the calls'.
  var leading: [ScheduleChoice]
  /// The parked calls, in label order.
  var calls: ArraySlice<PendingCall>
  /// Whether each call may also fail.
  var failures: Bool
  /// Whether each answer may also hold its task (``ScheduleStep/holdAnswer(_:failing:)``).
  var holds = false
  /// The choices after the calls'.
  var trailing: [ScheduleChoice]

  private var answers: Int { failures ? 2 : 1 }
  private var perCall: Int { holds ? answers * 2 : answers }
  var startIndex: Int { 0 }
  var endIndex: Int { leading.count + calls.count * perCall + trailing.count }

  subscript(position: Int) -> ScheduleChoice {
    if position < leading.count { return leading[position] }
    let inCalls = position - leading.count
    if inCalls < calls.count * perCall {
      let label = calls[calls.startIndex + inCalls / perCall].label
      let variant = inCalls % perCall
      let failing = variant % answers == 1
      return .step(variant < answers ? .release(label, failing: failing) : .holdAnswer(label, failing: failing))
    }
    return trailing[inCalls - calls.count * perCall]
  }
}

/// Decides, at each decision point of a systematic trial, which alternative to take.
///
/// - Important: called on the main actor, sometimes from inside a
///   presentation; must not suspend.
@MainActor
protocol ScheduleChooser: AnyObject {
  /// Picks one of `options`, which is never empty: an array, or a
  /// settled point's ``SettledPointOptions``.
  func choose<Options: RandomAccessCollection<ScheduleChoice>>(_ options: Options) -> Int where Options.Index == Int
  /// Whether the trial left the path this chooser meant to follow.
  var diverged: Bool { get }
}

/// Follows the enumeration of every path, first steps in turn
/// (``FirstStepRotation``).
@MainActor
final class ExhaustiveChooser: ScheduleChooser {
  var exploration: FirstStepRotation

  init(shard: ExplorationShard = .whole) {
    exploration = FirstStepRotation(shard: shard)
  }

  var diverged: Bool { false }
  /// The alternatives of the first choice that branches, as the first run
  /// saw them: the first steps the rotation takes in turn.
  private(set) var firstSteps: [String] = []

  func choose<Options: RandomAccessCollection<ScheduleChoice>>(_ options: Options) -> Int where Options.Index == Int {
    if exploration.completedRuns == 0, firstSteps.isEmpty, options.count > 1 {
      firstSteps = options.map { $0.description == "-" ? "(the default)" : $0.description }
    }
    return exploration.choose(among: options.count)
  }

  /// The first steps no run took yet.
  var firstStepsNeverTried: [String] {
    exploration.lanes.indices.filter { exploration.lanes[$0].runs == 0 && $0 < firstSteps.count }
      .map { firstSteps[$0] }
  }
}

/// Picks uniformly at random from a seeded generator: the same seed, the same choices.
@MainActor
final class RandomChooser: ScheduleChooser {
  private var generator: SeededGenerator
  var diverged: Bool { false }

  init(seed: UInt64) {
    generator = SeededGenerator(seed: seed)
  }

  func choose<Options: RandomAccessCollection<ScheduleChoice>>(_ options: Options) -> Int where Options.Index == Int {
    Int(generator.next() % UInt64(options.count))
  }
}

/// Replays a schedule: takes its steps in order, and at a presentation taps
/// only when the schedule's next step says so.
@MainActor
final class ReplayChooser: ScheduleChooser {
  private var remaining: ArraySlice<ScheduleStep>
  private(set) var diverged = false
  /// The step the trial could not take, if it diverged.
  private(set) var missedStep: ScheduleStep?
  /// The steps the trial offered where it could not take ``missedStep``.
  private(set) var offeredAtMiss: [String] = []
  /// Whether an answer the trial cannot give at a settled point (its call
  /// was cancelled) is skipped instead of ending the replay: for schedules
  /// derived from a stress trial, whose steps taken are then replayed
  /// exactly.
  private let skipsUnanswerable: Bool
  /// Whether a clock's wake the trial no longer waits for (its sleep was
  /// cancelled) is skipped too, at a settled point: for a schedule replayed
  /// on a screen that may have changed since (a regression test), where a
  /// fix that cancels the sleep removes the wake.
  private let skipsCancelledWakes: Bool

  init(_ schedule: ScreenSchedule, skipsUnanswerable: Bool = false, skipsCancelledWakes: Bool = false) {
    remaining = schedule.steps[...]
    self.skipsUnanswerable = skipsUnanswerable || skipsCancelledWakes
    self.skipsCancelledWakes = skipsCancelledWakes
  }

  /// Whether `step` may be skipped where the trial does not offer it.
  private func skippable(_ step: ScheduleStep, settled: Bool) -> Bool {
    if step.answersACall { return true }
    guard skipsCancelledWakes, settled else { return false }
    switch step {
    case .advanceClock, .holdWake, .resumeHeldWake: return true
    default: return false
    }
  }

  /// Whether the schedule has the view react to `action` later: a reaction
  /// is written only when it was put off, as a `v` step naming the oldest
  /// action it reacts to, so the next `v` step names `action` exactly when
  /// this reaction was put off; a schedule without one reacts at once.
  private func defersReaction(to action: Int) -> Bool {
    for step in remaining {
      if case .react(let oldest) = step { return oldest == action }
    }
    return false
  }

  /// The next step not taken yet, if any.
  var nextStep: ScheduleStep? { remaining.first }

  /// Whether every step of the schedule was taken, but for answers (and,
  /// when skipped, wakes) left at its end that the trial no longer waited
  /// for: the trial ended with nothing left to choose.
  var isExhausted: Bool {
    remaining.allSatisfy { skipsUnanswerable && skippable($0, settled: true) }
  }

  func choose<Options: RandomAccessCollection<ScheduleChoice>>(_ options: Options) -> Int where Options.Index == Int {
    if let now = options.firstIndex(where: { if case .reactNow = $0 { true } else { false } }),
      case .reactNow(let action) = options[now], !defersReaction(to: action)
    {
      return now
    }
    if skipsUnanswerable {
      let settled = !options.contains { $0 == .letPresentationThrough || $0 == .runOldestJob }
      var rest = remaining
      while let next = rest.first, skippable(next, settled: settled), !options.contains(.step(next)) {
        rest.removeFirst()
      }
      // At a settled point every parked call is offered; at a presentation
      // answers are skipped only to reach a tap offered there: a tap before
      // the presentation of a call whose sibling's failure cancelled it.
      // Between two jobs none is skipped: the answer may come later.
      let presenting = options.contains(.letPresentationThrough)
      if settled || (presenting && rest.first.map({ options.contains(.step($0)) }) == true) { remaining = rest }
    }
    if let next = remaining.first, let index = options.firstIndex(of: .step(next)) {
      remaining.removeFirst()
      return index
    }
    if let pass = options.firstIndex(where: { $0 == .letPresentationThrough || $0 == .runOldestJob }) { return pass }
    if let now = options.firstIndex(where: { if case .reactNow = $0 { true } else { false } }) { return now }
    // A settled point whose options do not include the schedule's next step,
    // or a schedule that ended while the trial still had choices to make.
    if !diverged {
      missedStep = remaining.first
      offeredAtMiss = options.compactMap { if case .step(let step) = $0 { step.description } else { nil } }
    }
    diverged = true
    remaining.removeAll()
    return 0
  }
}
