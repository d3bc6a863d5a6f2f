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
    [
      schedule(for: result, deferTaps: true, holdOvertaken: false),
      schedule(for: result, deferTaps: false, holdOvertaken: false),
      schedule(for: result, deferTaps: true, holdOvertaken: true),
      schedule(for: result, deferTaps: false, holdOvertaken: true),
    ]
    .reduce(into: []) { unique, candidate in
      if !unique.contains(candidate) { unique.append(candidate) }
    }
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
  private static func schedule(for result: RefetchTrialResult, deferTaps: Bool, holdOvertaken: Bool)
    -> RefetchSchedule
  {
    // Ranks order steps of the same instant: answers, then holds, then taps.
    let answerRank = 0
    let holdRank = 1
    let tapRank = 2
    let overtaken = holdOvertaken ? Self.overtaken(in: result.presentations) : []
    var keyed: [Keyed] = []
    var lastAnswer: [Int: ContinuousClock.Instant] = [:]
    var allEnded: [Int: ContinuousClock.Instant] = [:]
    for call in result.calls {
      guard let end = call.end else { continue }
      let tap = call.action
      allEnded[tap] = max(allEnded[tap] ?? end, end)
      let failing: Bool
      switch call.outcome {
      case .answered: failing = false
      case .failed: failing = true
      case .cancelled, .inFlight: continue
      }
      keyed.append(Keyed(time: end, rank: answerRank, step: .release(call.label, failing: failing)))
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
    keyed.sort { ($0.time, $0.rank) < ($1.time, $1.rank) }
    return RefetchSchedule(keyed.map(\.step))
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
