/// Candidate schedules that may reproduce a stress trial in systematic mode.
///
/// A stress trial's order of taps, answers and presentations is known from
/// its records; turning it into choices is not always exact, because a
/// systematic tap is only made with the scene settled. So the derivation
/// proposes candidates, and the checker keeps the first whose replay gives
/// the same outcome.
package enum ScheduleDerivation {
  /// Candidate schedules for `result`, most faithful first.
  package static func candidates(for result: ScreenTrialResult) -> [ScreenSchedule] {
    let candidates: [ScreenSchedule] = [(true, false), (true, true), (false, false)].flatMap { reactions, lateShown in
      [
        schedule(for: result, deferTaps: true, holdOvertaken: false, reactions: reactions, lateShown: lateShown),
        schedule(for: result, deferTaps: false, holdOvertaken: false, reactions: reactions, lateShown: lateShown),
        schedule(for: result, deferTaps: true, holdOvertaken: true, reactions: reactions, lateShown: lateShown),
        schedule(for: result, deferTaps: false, holdOvertaken: true, reactions: reactions, lateShown: lateShown),
      ]
    }
    .uniqued()
    let variants = candidates.prefix(2).flatMap { jobLevelVariants(of: $0) + swapVariants(of: $0) }
    // A call its sibling's failure cancelled ended after the answers the
    // tap came after: the tap is still before their presentation.
    let siblingsCancelled = [false, true].map {
      schedule(for: result, deferTaps: true, holdOvertaken: $0, reactions: true, lateShown: false, cancelledEnd: false)
    }
    // Answers whose tasks were kept from going on while the user acted:
    // every such answer held from when it was due, then each one alone.
    let heldAnswers = [false, true].flatMap { holdOvertaken in
      [
        schedule(
          keyedSteps(
            for: result, deferTaps: false, holdOvertaken: holdOvertaken, lateShown: false, cancelledEnd: true,
            holdsDelayedAnswers: true
          ).map(\.step), result: result, reactions: true)
      ]
        + heldAnswerVariants(
          of: keyedSteps(
            for: result, deferTaps: false, holdOvertaken: holdOvertaken, lateShown: false, cancelledEnd: true),
          result: result)
    }
    let heldWakes = heldWakeVariants(
      of: keyedSteps(for: result, deferTaps: false, holdOvertaken: false, lateShown: false, cancelledEnd: true)
        .map(\.step),
      result: result)
    // The same holds, the task going on right after a newer action or
    // reaction instead: a sibling's failure taken on only after the user
    // acted, before the view restarted the task. Tried last, so that a
    // finding the others reproduce keeps its replay.
    let resumedAfterActions = heldAnswerVariants(
      of: keyedSteps(for: result, deferTaps: false, holdOvertaken: false, lateShown: false, cancelledEnd: true),
      result: result, resumingAfterActions: true)
    let all = candidates + variants + siblingsCancelled + heldAnswers + heldWakes + resumedAfterActions
    // A task that read the newer action's request before the view
    // restarted it made calls that were cancelled before any answer: a
    // replay whose task started in time makes them once, so the calls
    // after them are numbered as though they had never been made. Tried
    // last, for findings nothing above reproduces.
    guard let relabelled = withoutCallsCancelledBeforeTheirAnswers(result) else { return all.uniqued() }
    return (all + Self.candidates(for: relabelled)).uniqued()
  }

  /// `result` without the calls cancelled before any answer that a later
  /// call of the same endpoint and action repeated, the later calls
  /// renumbered (`status2#2` becomes `status2`); `nil` when it has none.
  package static func withoutCallsCancelledBeforeTheirAnswers(_ result: ScreenTrialResult) -> ScreenTrialResult? {
    func key(_ call: CallRecord) -> String { "\(call.endpoint) \(call.action)" }
    var repeatedLater: Set<Int> = []
    var madeLater: Set<String> = []
    for call in result.calls.reversed() {
      if madeLater.contains(key(call)), call.outcome == .cancelled { repeatedLater.insert(call.id) }
      madeLater.insert(key(call))
    }
    guard !repeatedLater.isEmpty else { return nil }
    var ordinals: [String: Int] = [:]
    var relabelled = result
    relabelled.calls = result.calls.compactMap { call in
      guard !repeatedLater.contains(call.id) else { return nil }
      let ordinal = ordinals[key(call), default: 0] + 1
      ordinals[key(call)] = ordinal
      var copy = CallRecord(
        id: call.id,
        label: CallLabel(endpoint: call.endpoint, action: call.action, ordinal: ordinal, rank: call.label.rank),
        request: call.request, key: call.key, start: call.start, plannedLatency: call.plannedLatency, end: call.end,
        outcome: call.outcome)
      copy.tokens = call.tokens
      return copy
    }
    return relabelled
  }

  /// `schedule` with two neighbouring steps swapped, neither an action's
  /// (actions keep their numbers): a step is placed by when it was
  /// recorded, a clock's wake or an answer's arrival, but what it set off
  /// ran when the main actor took it, which can be after the next step.
  private static func swapVariants(of schedule: ScreenSchedule) -> [ScreenSchedule] {
    let steps = schedule.steps
    return steps.indices.dropLast().compactMap { position in
      guard !steps[position].isAction, !steps[position + 1].isAction, steps[position] != steps[position + 1] else {
        return nil
      }
      var variant = steps
      variant.swapAt(position, position + 1)
      return ScreenSchedule(variant)
    }
  }

  /// The most picks of the oldest job a job-level variant waits for.
  static let jobLevelPicks = 3

  /// `schedule` with one of its later actions made between two jobs of the
  /// settle before it (`q2~1`) instead of at a settled point: where a task's
  /// work was split between a check and a hop to the main actor when the
  /// user acted, a real executor interleaves what systematic mode's default
  /// level runs as one. The actions right after it are then made between
  /// the same jobs too (`q2~0,c3~0`): the user typed twice while a task's
  /// answer waited for the main actor.
  private static func jobLevelVariants(of schedule: ScreenSchedule) -> [ScreenSchedule] {
    var variants: [ScreenSchedule] = []
    let steps = schedule.steps
    for (position, step) in steps.enumerated() {
      guard case .act(let kind, let n) = step else { continue }
      for after in 0...jobLevelPicks {
        let between = ScheduleStep.actBetweenJobs(kind, n, after: after)
        if position > 0 {
          var variant = steps
          variant[position] = between
          variants += withFollowingActions(variant, betweenJobsAfter: position)
        }
        // An answer, or a clock's wake, that arrived as the user acted: its
        // task cancelled by the action after it was on its way.
        if position + 1 < steps.count, steps[position + 1].arrives {
          var variant = steps
          variant[position] = steps[position + 1]
          variant[position + 1] = between
          variants += withFollowingActions(variant, betweenJobsAfter: position + 1)
        }
      }
    }
    return variants
  }

  /// `steps`, and, when actions follow the one at `position` with only
  /// answers (or the view's reactions) between them, the same steps with
  /// each of those actions made between the same jobs (`~0`): the user
  /// acted again before the job ran, and before the view's render.
  /// The answers between are put after them, once with the actions right
  /// after each other and, when that differs, once with only the actions
  /// that followed at once.
  private static func withFollowingActions(_ steps: [ScheduleStep], betweenJobsAfter position: Int)
    -> [ScreenSchedule]
  {
    var variants = [ScreenSchedule(steps)]
    // Only the actions that follow at once.
    var atOnce = steps
    var next = position + 1
    while next < atOnce.count, case .act(let kind, let n) = atOnce[next] {
      atOnce[next] = .actBetweenJobs(kind, n, after: 0)
      next += 1
    }
    if next > position + 1 { variants.append(ScreenSchedule(atOnce)) }
    // The actions that follow with only answers between them, pulled
    // before those answers.
    var actions: [ScheduleStep] = []
    var answers: [ScheduleStep] = []  // kept in their order, after the actions
    next = position + 1
    scan: while next < steps.count {
      switch steps[next] {
      case .act(let kind, let n): actions.append(.actBetweenJobs(kind, n, after: 0))
      case let step where step.answersACall: answers.append(step)
      // The view reacts once, to every action made before its render.
      case .react: break
      default: break scan
      }
      next += 1
    }
    guard !actions.isEmpty else { return variants }
    let pulled = ScreenSchedule(Array(steps[...position]) + actions + answers + Array(steps[next...]))
    if !variants.contains(pulled) { variants.append(pulled) }
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
  ///   - cancelledEnd: count a cancelled call's end as its request's end.
  private static func schedule(
    for result: ScreenTrialResult, deferTaps: Bool, holdOvertaken: Bool, reactions: Bool, lateShown: Bool,
    cancelledEnd: Bool = true
  ) -> ScreenSchedule {
    let keyed = keyedSteps(
      for: result, deferTaps: deferTaps, holdOvertaken: holdOvertaken, lateShown: lateShown, cancelledEnd: cancelledEnd)
    return schedule(keyed.map(\.step), result: result, reactions: reactions)
  }

  /// `steps` as a schedule: with the view's reactions as systematic mode
  /// takes them, or without them.
  private static func schedule(_ steps: [ScheduleStep], result: ScreenTrialResult, reactions: Bool)
    -> ScreenSchedule
  {
    guard reactions else {
      return ScreenSchedule(steps.filter { if case .react = $0 { false } else { true } })
    }
    return ScreenSchedule(systematicReactions(steps, reacting: Set(result.reactionTimes.keys)))
  }

  /// Variants of `keyed` in which one answer's task is held (`feed1h` …
  /// `feed1r`): the answer arrived, but the thread that would have taken
  /// it on was kept from running (a loaded machine) while the user acted,
  /// or the view reacted, and the task went on later, with the answer in
  /// hand and cancelled. Tried for each call answered after an action or a
  /// reaction newer than its start, or whose results were first shown
  /// after a newer action: the hold is put before each such event, or
  /// where the answer was recorded; the task goes on where the call was
  /// recorded to end, after any later answer, or last; or, with
  /// `resumingAfterActions`, right after each later action or reaction.
  private static func heldAnswerVariants(
    of keyed: [Keyed], result: ScreenTrialResult, resumingAfterActions: Bool = false
  ) -> [ScreenSchedule] {
    let shownAfter = firstShownAfter(result.timeline, calls: result.calls, unnamedErrors: resumingAfterActions)
    var variants: [ScreenSchedule] = []
    for call in result.calls {
      let failing: Bool
      switch call.outcome {
      case .answered: failing = false
      case .failed: failing = true
      case .cancelled, .inFlight: continue
      }
      guard let answered = keyed.firstIndex(where: { $0.step == .release(call.label, failing: failing) }) else {
        continue
      }
      let started = keyed.firstIndex { $0.time > call.start } ?? keyed.count
      var holds = (started..<max(started, answered)).filter {
        if case .react = keyed[$0].step { return true }
        return keyed[$0].step.isAction
      }
      guard !holds.isEmpty || (shownAfter[call.id] ?? 0) > call.action else { continue }
      holds.append(answered)
      var rest = keyed.map(\.step)
      rest.remove(at: answered)
      // Where the task may go on, as a position in `rest`: after the steps before it.
      let resumes: [Int]
      if resumingAfterActions {
        resumes = (answered..<rest.count).filter {
          if case .react = rest[$0] { return true }
          return rest[$0].isAction
        }.map { $0 + 1 }
      } else {
        let laterAnswers = (answered..<rest.count).filter { rest[$0].answersACall }.map { $0 + 1 }
        resumes = ([answered] + laterAnswers + [rest.count]).uniqued()
      }
      for hold in holds {
        for resume in resumes where resume > hold {
          var steps = rest
          steps.insert(.resumeHeldAnswer(call.label), at: resume)
          steps.insert(.holdAnswer(call.label, failing: failing), at: hold)
          variants.append(schedule(steps, result: result, reactions: true))
        }
      }
    }
    return variants
  }

  /// Variants of `steps` in which one clock's wake holds its task (`d1h` …
  /// `d1r`): the sleep's deadline passed, but the thread that would have
  /// taken its task on was kept from running while the user acted, and the
  /// task went on later, its wake in hand. The wake is held where it was
  /// recorded, when an action or a reaction follows it; the task goes on
  /// after each later step in turn (when it ran is not recorded).
  private static func heldWakeVariants(of steps: [ScheduleStep], result: ScreenTrialResult) -> [ScreenSchedule] {
    var variants: [ScreenSchedule] = []
    for (position, step) in steps.enumerated() {
      guard case .advanceClock(let number) = step else { continue }
      let userActsLater = steps[(position + 1)...].contains {
        if case .react = $0 { return true }
        return $0.isAction
      }
      guard userActsLater else { continue }
      for resume in (position + 2)...steps.count {
        var variant = steps
        variant.insert(.resumeHeldWake(number), at: resume)
        variant[position] = .holdWake(number)
        variants.append(schedule(variant, result: result, reactions: true))
      }
    }
    return variants
  }

  /// The steps of `result`, each keyed by when it happened, in order, the
  /// view's reactions among them. The parameters are
  /// ``schedule(for:deferTaps:holdOvertaken:reactions:lateShown:cancelledEnd:)``'s,
  /// and `holdsDelayedAnswers`: hold the task of each call whose answer was
  /// due (its start and planned latency) before an action or a reaction
  /// that came before the call ended, or before its results were first
  /// shown, from when it was due until then (`feed1h` … `feed1r`).
  private static func keyedSteps(
    for result: ScreenTrialResult, deferTaps: Bool, holdOvertaken: Bool, lateShown: Bool, cancelledEnd: Bool,
    holdsDelayedAnswers: Bool = false
  ) -> [Keyed] {
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
    let shownAfter =
      lateShown || holdsDelayedAnswers ? Self.firstShownAfter(result.timeline, calls: result.calls) : [:]
    let actionTimes = Dictionary(result.actions.map { ($0.index, $0.time) }, uniquingKeysWith: { first, _ in first })
    let userEvents = result.actions.map(\.time) + result.reactionTimes.values
    for call in result.calls {
      guard var end = call.end else { continue }
      var heldFrom: ContinuousClock.Instant?
      if holdsDelayedAnswers, let latency = call.plannedLatency {
        let due = call.start + latency
        var goesOn = end
        if let action = shownAfter[call.id], action > call.action, let acted = actionTimes[action], acted > end {
          goesOn = acted
        }
        if userEvents.contains(where: { due < $0 && $0 < goesOn }) {
          heldFrom = due
          end = goesOn
        }
      } else if lateShown, let action = shownAfter[call.id], action > call.action, let acted = actionTimes[action],
        acted > end
      {
        end = acted
      }
      let tap = call.action
      if cancelledEnd || call.outcome != .cancelled { allEnded[tap] = max(allEnded[tap] ?? end, end) }
      let failing: Bool
      switch call.outcome {
      case .answered: failing = false
      case .failed: failing = true
      case .cancelled, .inFlight: continue
      }
      if let heldFrom {
        keyed.append(Keyed(time: heldFrom, rank: answerRank, step: .holdAnswer(call.label, failing: failing)))
        keyed.append(
          Keyed(time: end, rank: end == call.end ? answerRank : lateRank, step: .resumeHeldAnswer(call.label)))
      } else {
        keyed.append(
          Keyed(time: end, rank: end == call.end ? answerRank : lateRank, step: .release(call.label, failing: failing)))
      }
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
    for (action, time) in result.reactionTimes {
      keyed.append(Keyed(time: time, rank: reactionRank, step: .react(action)))
    }
    keyed.sort { ($0.time, $0.rank) < ($1.time, $1.rank) }
    return keyed
  }

  /// For each call whose results (or failure) were shown, the newest action
  /// made before they were first shown.
  private static func firstShownAfter(
    _ timeline: [TimelineEvent], calls: [CallRecord], unnamedErrors: Bool = false
  ) -> [Int: Int] {
    var actions = 0
    var shown: [Int: Int] = [:]
    for event in timeline {
      switch event {
      case .action(let action): actions = action.index
      case .display(let display):
        for item in display.newlyShown { if let call = item.call, shown[call] == nil { shown[call] = actions } }
        if let message = display.error?.message {
          let named = calls.filter { message.contains(ScreenCheckFailure.mark($0.label)) }
          // An error in the screen's own words ("Couldn't load q1") may be
          // any failed call's, with `unnamedErrors`.
          let shownCalls = named.isEmpty && unnamedErrors ? calls.filter(\.outcome.isFailure) : named
          for call in shownCalls where shown[call.id] == nil { shown[call.id] = actions }
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

extension Array where Element: Hashable {
  /// The elements in order, each once.
  fileprivate func uniqued() -> [Element] {
    var seen: Set<Element> = []
    return filter { seen.insert($0).inserted }
  }
}
