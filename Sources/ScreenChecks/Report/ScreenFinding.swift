/// One forbidden thing a run found, said the way a test failure says it:
/// what, how often, and the schedule that replays it.
///
/// ``ScreenReport/findings`` lists one per forbidden outcome the run saw,
/// one per deeper level that found something, and one per forbidden check
/// that failed: what a test records as its failures
/// (`ScreenChecksTesting`), each on its own, so that each replay string
/// stands on a line of its own in the test report.
public struct ScreenFinding: Sendable, Equatable, CustomStringConvertible {
  /// The outcome, or `nil` for a failed check.
  public var outcome: ScreenOutcome?
  /// The check that failed, for a check's finding.
  public var check: ResourceCheck?
  /// The preemption bound of the level it was found at (0: the run's own).
  public var preemptions: Int
  /// How many trials showed it.
  public var trials: Int
  /// How many trials the level ran.
  public var total: Int
  /// What the trials were: `orderings` (systematic) or `stress trials`.
  public var unit: String
  /// A schedule that replays it, when the run kept one.
  public var replay: ScreenSchedule?
  /// The window it happened in (``ScreenVerdict/window``), when known.
  public var window: String?
  /// The transcript of the trial kept for it: its view log and calls.
  public var transcript: String?
  /// Of ``trials``, those whose primary outcome it was: what the table's
  /// row counts. `nil` for a check or a deeper level, which count once.
  public var primaryTrials: Int?
  /// Why the checker thinks it happened, in one line, when it knows: the
  /// run sampled instead of counting (a clock or a callback of the
  /// screen's own), or the kept trial did not settle.
  public var cause: String?

  /// `stale-flash in 32 of 64 orderings: replay r1,r2,feed0,v1,feed2 (…)`.
  public var description: String {
    let what = outcome.map(\.description) ?? "check \(check.map(\.description) ?? "?") failed"
    let level = preemptions == 0 ? "" : "\(preemptions) preemption\(preemptions == 1 ? "" : "s") deeper: "
    var line = "\(level)\(what) in \(trials) of \(total) \(unit)"
    if let primaryTrials, primaryTrials != trials {
      line += " (\(primaryTrials) with it as their primary outcome, the table's count)"
    }
    if let replay {
      line += ": replay \(replay)"
    } else {
      line += " (no replay kept)"
    }
    if let window { line += " (\(window))" }
    if let cause { line += "; \(cause)" }
    return line
  }
}

extension ScreenReport {
  /// Everything forbidden the run found, each with its replay when one was
  /// kept: the outcomes of the run's own level in table order, then each
  /// deeper level's first finding, then the failed checks.
  public var findings: [ScreenFinding] {
    let unit = mode == .stress ? "stress trials" : "orderings"
    var findings: [ScreenFinding] = []
    let kept = examples.values.flatMap { $0 }
    for outcome in ScreenOutcome.tableOrder where grade(outcome) == .forbidden && observedCount(outcome) > 0 {
      let example =
        kept.first { $0.verdict.outcome == outcome && $0.schedule != nil }
        ?? kept.first { $0.verdict.observed.contains(outcome) && $0.schedule != nil }
      findings.append(
        ScreenFinding(
          outcome: outcome, check: nil, preemptions: preemptions, trials: observedCount(outcome), total: trials,
          unit: unit, replay: example?.schedule, window: example?.verdict.window, transcript: example?.transcript,
          primaryTrials: count(outcome), cause: cause(of: example)))
    }
    for level in deeperLevels where level.forbidden > 0 {
      findings.append(
        ScreenFinding(
          outcome: level.firstFindingOutcome, check: nil, preemptions: level.preemptions, trials: level.forbidden,
          total: level.orderings, unit: "orderings", replay: level.firstFinding, window: nil, transcript: nil))
    }
    for check in ResourceCheck.allCases
    where contract.expectation.grade(check) == .forbidden && (checkFailures[check] ?? 0) > 0 {
      let example = kept.first { $0.failedChecks.contains(check) && $0.schedule != nil }
      findings.append(
        ScreenFinding(
          outcome: nil, check: check, preemptions: preemptions, trials: checkFailures[check] ?? 0, total: trials,
          unit: unit, replay: example?.schedule, window: nil, transcript: example?.transcript,
          cause: cause(of: example)))
    }
    return findings
  }

  /// What the checker knows of why `example` (a trial kept for a finding)
  /// went as it did: a run that sampled instead of counting says so first,
  /// since every count rests on it; else a trial that did not settle says why.
  private func cause(of example: ScreenTrialResult?) -> String? {
    if let settleFallback { return "NOT EXACT, sampled instead of counting: \(settleFallback)" }
    if let example, !example.quiescent { return "not settled: \(example.unsettledReason ?? "a wait ran out")" }
    return nil
  }
}
