/// Candidate schedules that may reproduce a stress trial in systematic mode.
///
/// A stress trial's order of taps, answers and presentations is known from
/// its records; turning it into choices is not always exact, because a
/// systematic tap is only made with the scene settled. So the derivation
/// proposes candidates, and the checker keeps the first whose replay gives
/// the same outcome.
package enum ScheduleDerivation {
  /// Candidate schedules for `result`, most faithful first.
  package static func candidates(for result: RefetchTrialResult) -> [RefetchSchedule] {
    let candidates: [RefetchSchedule] = [(true, false), (true, true), (false, false)].flatMap { reactions, lateShown in
      [
        schedule(for: result, deferTaps: true, holdOvertaken: false, reactions: reactions, lateShown: lateShown),
        schedule(for: result, deferTaps: false, holdOvertaken: false, reactions: reactions, lateShown: lateShown),
        schedule(for: result, deferTaps: true, holdOvertaken: true, reactions: reactions, lateShown: lateShown),
        schedule(for: result, deferTaps: false, holdOvertaken: true, reactions: reactions, lateShown: lateShown),
      ]
    }
    .reduce(into: []) { unique, candidate in
      if !unique.contains(candidate) { unique.append(candidate) }
    }
    let variants = candidates.prefix(2).flatMap(jobLevelVariants(of:))
    return candidates + variants.filter { !candidates.contains($0) }
  }

  /// The most picks of the oldest job a job-level variant waits for.
  static let jobLevelPicks = 3

  /// `schedule` with one of its later actions made between two jobs of the
  /// settle before it (`q2~1`) instead of at a settled point: where a task's
  /// work was split between a check and a hop to the main actor when the
  /// user acted, a real executor interleaves what systematic mode's default
  /// level runs as one.
  private static func jobLevelVariants(of schedule: RefetchSchedule) -> [RefetchSchedule] {
    var variants: [RefetchSchedule] = []
    let steps = schedule.steps
    for (position, step) in steps.enumerated() {
      guard case .act(let kind, let n) = step else { continue }
      for after in 0...jobLevelPicks {
        let between = ScheduleStep.actBetweenJobs(kind, n, after: after)
        if position > 0 {
          var variant = steps
          variant[position] = between
          variants.append(RefetchSchedule(variant))
        }
        // An answer that arrived as the user acted, its task cancelled by
        // the action after the answer was on its way.
        if position + 1 < steps.count, case .release = steps[position + 1] {
          var variant = steps
          variant[position] = steps[position + 1]
          variant[position + 1] = between
          variants.append(RefetchSchedule(variant))
        }
      }
    }
    return variants
  }

  private struct Keyed {
    var time: ContinuousClock.Instant
    var rank: Int
    var step: ScheduleStep
  }

  /// - Parameters:
  ///   - deferTaps: move a tap after answers of older requests that arrived
  ///     after it (the tap had not reached the interactor yet), and make it a
  ///     tap before a presentation when an older request's presentation was
  ///     already on its way.
  ///   - holdOvertaken: hold each presentation that reached the main actor
  ///     after a newer request's presentation, from its request's last answer
  ///     until when it was shown: the overtaking that leaves an older profile
  ///     on screen (`stale-final`).
  ///   - reactions: place the view's reactions (an async closure's start, a
  ///     render that restarted `.task(id:)`) where they happened, as `v`
  ///     steps when something came between an action and its reaction.
  ///   - lateShown: answer a call whose results were first shown after a
  ///     later action just after that action, though it arrived before it:
  ///     its answer was on its way to the main actor when the user acted.
  private static func schedule(
    for result: RefetchTrialResult, deferTaps: Bool, holdOvertaken: Bool, reactions: Bool, lateShown: Bool
  ) -> RefetchSchedule {
    // Ranks order steps of the same instant: answers, then holds, then taps.
    let answerRank = 0
    let holdRank = 1
    let tapRank = 2
    let lateRank = 3
    let reactionRank = 4
    let overtaken = holdOvertaken ? Self.overtaken(in: result.presentations) : []
    var keyed: [Keyed] = []
    var lastAnswer: [Int: ContinuousClock.Instant] = [:]
    var allEnded: [Int: ContinuousClock.Instant] = [:]
    let shownAfter = lateShown ? Self.firstShownAfter(result.timeline, calls: result.calls) : [:]
    let actionTimes = Dictionary(result.actions.map { ($0.index, $0.time) }, uniquingKeysWith: { first, _ in first })
    for call in result.calls {
      guard var end = call.end else { continue }
      if let action = shownAfter[call.id], action > call.action, let acted = actionTimes[action], acted > end {
        end = acted
      }
      let tap = call.action
      allEnded[tap] = max(allEnded[tap] ?? end, end)
      let failing: Bool
      switch call.outcome {
      case .answered: failing = false
      case .failed: failing = true
      case .cancelled, .inFlight: continue
      }
      keyed.append(
        Keyed(time: end, rank: end == call.end ? answerRank : lateRank, step: .release(call.label, failing: failing)))
      lastAnswer[tap] = max(lastAnswer[tap] ?? end, end)
    }
    for action in result.actions {
      let tap = action.index
      let time = action.time
      guard deferTaps, tap > 1 else {
        keyed.append(Keyed(time: time, rank: tapRank, step: .act(action.kind, tap)))
        continue
      }
      let stragglers = result.calls.filter {
        guard $0.action < tap, let end = $0.end, end > time else { return false }
        if case .cancelled = $0.outcome { return false }
        return true
      }
      let anchor = stragglers.compactMap(\.end).max().map { max($0, time) } ?? time
      let queued = result.presentations.first { presentation in
        let request = presentation.request
        guard request < tap, presentation.time > time, let answered = lastAnswer[request],
          let ended = allEnded[request]
        else { return false }
        return ended <= anchor && answered <= anchor
      }
      if let queued, !overtaken.contains(queued) {
        let request = queued.request
        keyed.append(
          Keyed(
            time: lastAnswer[request]!, rank: tapRank,
            step: .actBeforePresentation(action.kind, tap, request: request, occurrence: queued.occurrence)))
      } else {
        // A held presentation is not shown before the tap: the tap comes after the hold.
        keyed.append(Keyed(time: anchor, rank: tapRank, step: .act(action.kind, tap)))
      }
    }
    for presentation in overtaken {
      let request = presentation.request
      guard let answered = lastAnswer[request] else { continue }
      keyed.append(
        Keyed(
          time: answered, rank: holdRank,
          step: .holdPresentation(request: request, occurrence: presentation.occurrence)))
      keyed.append(
        Keyed(
          time: presentation.time, rank: answerRank,
          step: .showHeldPresentation(request: request, occurrence: presentation.occurrence)))
    }
    for (number, time) in result.wakeTimes {
      keyed.append(Keyed(time: time, rank: answerRank, step: .advanceClock(number)))
    }
    if reactions {
      for (action, time) in result.reactionTimes {
        keyed.append(Keyed(time: time, rank: reactionRank, step: .react(action)))
      }
    }
    keyed.sort { ($0.time, $0.rank) < ($1.time, $1.rank) }
    let steps = keyed.map(\.step)
    return RefetchSchedule(reactions ? systematicReactions(steps, reacting: Set(result.reactionTimes.keys)) : steps)
  }

  /// For each call whose results (or failure) were shown, the newest action
  /// made before they were first shown.
  private static func firstShownAfter(_ timeline: [TimelineEvent], calls: [CallRecord]) -> [Int: Int] {
    var actions = 0
    var shown: [Int: Int] = [:]
    for event in timeline {
      switch event {
      case .action(let action): actions = action.index
      case .display(let display):
        for item in display.newlyShown { if let call = item.call, shown[call] == nil { shown[call] = actions } }
        if let message = display.error?.message {
          for call in calls where shown[call.id] == nil && message.contains(ScreenCheckFailure.mark(call.label)) {
            shown[call.id] = actions
          }
        }
      case .actionSeen, .settled: break
      }
    }
    return shown
  }

  /// `steps` with reactions as systematic mode takes them: a reaction with
  /// nothing between it and its action is the default (no step); one after
  /// other steps is `v` naming the oldest action it reacts to, since one
  /// render reacts to every action made before it.
  /// - Parameter reacting: the actions the view reacted to.
  private static func systematicReactions(_ steps: [ScheduleStep], reacting: Set<Int>) -> [ScheduleStep] {
    var out: [ScheduleStep] = []
    var pendingSince: Int?
    var putOff = false
    var actions = 0
    for step in steps {
      if case .react = step {
        if let since = pendingSince, putOff { out.append(.react(since)) }
        pendingSince = nil
        putOff = false
        continue
      }
      if pendingSince != nil { putOff = true }
      if step.isAction {
        actions += 1
        if pendingSince == nil, reacting.contains(actions) { pendingSince = actions }
      }
      out.append(step)
    }
    return out
  }

  /// The presentations that reached the main actor after a newer request's.
  package static func overtaken(in presentations: [PresentationRecord]) -> [PresentationRecord] {
    var newestShown = 0
    var overtaken: [PresentationRecord] = []
    for presentation in presentations {
      let request = presentation.request
      if request < newestShown { overtaken.append(presentation) }
      newestShown = max(newestShown, request)
    }
    return overtaken
  }
}
