import MockNetwork

/// Candidate schedules that may reproduce a stress trial in systematic mode.
///
/// A stress trial's order of taps, answers and presentations is known from
/// its records; turning it into choices is not always exact, because a
/// systematic tap is only made with the scene settled. So the derivation
/// proposes candidates, and the checker keeps the first whose replay gives
/// the same outcome.
enum ScheduleDerivation {
  /// Candidate schedules for `result`, most faithful first.
  static func candidates(for result: RefetchTrialResult) -> [RefetchSchedule] {
    [schedule(for: result, deferTaps: true), schedule(for: result, deferTaps: false)]
      .reduce(into: []) { unique, candidate in
        if !unique.contains(candidate) { unique.append(candidate) }
      }
  }

  private struct Keyed {
    var time: ContinuousClock.Instant
    var rank: Int
    var step: ScheduleStep
  }

  /// - Parameter deferTaps: move a tap after answers of older requests that
  ///   arrived after it (the tap had not reached the interactor yet), and make
  ///   it a tap before a presentation when an older request's presentation
  ///   was already on its way.
  private static func schedule(for result: RefetchTrialResult, deferTaps: Bool) -> RefetchSchedule {
    let labels = RequestLabels(result.requests)
    var keyed: [Keyed] = []
    var lastAnswer: [Int: ContinuousClock.Instant] = [:]
    var allEnded: [Int: ContinuousClock.Instant] = [:]
    for record in result.requests {
      guard let end = record.end, let tap = record.userID else { continue }
      allEnded[tap] = max(allEnded[tap] ?? end, end)
      let failing: Bool
      switch record.outcome {
      case .completed: failing = false
      case .failed: failing = true
      case .cancelled, .inFlight: continue
      }
      guard let label = labels[record.id] else { continue }
      keyed.append(Keyed(time: end, rank: 0, step: .release(label, failing: failing)))
      lastAnswer[tap] = max(lastAnswer[tap] ?? end, end)
    }
    for (index, time) in result.tapTimes.enumerated() {
      let tap = index + 1
      guard deferTaps, tap > 1 else {
        keyed.append(Keyed(time: time, rank: 1, step: .tap(tap)))
        continue
      }
      let stragglers = result.requests.filter {
        guard let user = $0.userID, user < tap, let end = $0.end, end > time else { return false }
        if case .cancelled = $0.outcome { return false }
        return true
      }
      let anchor = stragglers.compactMap(\.end).max().map { max($0, time) } ?? time
      let queued = result.presentations.first { presentation in
        let request = Int(presentation.request.id.rawValue)
        guard request < tap, presentation.time > time, let answered = lastAnswer[request],
          let ended = allEnded[request]
        else { return false }
        return ended <= anchor && answered <= anchor
      }
      if let queued {
        let request = Int(queued.request.id.rawValue)
        keyed.append(
          Keyed(
            time: lastAnswer[request]!, rank: 1,
            step: .tapBeforePresentation(tap: tap, request: request, occurrence: queued.occurrence)))
      } else {
        keyed.append(Keyed(time: anchor, rank: 1, step: .tap(tap)))
      }
    }
    keyed.sort { ($0.time, $0.rank) < ($1.time, $1.rank) }
    return RefetchSchedule(keyed.map(\.step))
  }
}
