import BenchBasics
import Foundation

extension ScreenReport {
  /// The jcstress-style table: every outcome of the contract (none hidden),
  /// its count, frequency and grade; then the resource checks, the costs,
  /// and a replay schedule for each outcome that is not acceptable.
  public var table: String {
    var lines: [String] = []
    lines.append(
      "\(sceneName), \(configuration.cancellationStyle)\(configuration.lateResponses ? ", late responses" : ""), \(modeDescription), \(configuration.actions) \(actionNoun)s\(seedDrivesOrderings ? ", seed \(seed)" : ""): \(trials) trials"
    )
    if let refusal { lines.append("  NOT CHECKED: \(refusal)") }
    if let settleFallback {
      // Said first: every count below rests on it, and a `lost` may be the
      // checker giving up on work it could not see (a timer of the screen's own).
      lines.append("  NOT EXACT, sampled instead of counting: \(settleFallback)")
    }
    lines.append("  graded against: \(contract)")
    if contract.outcomes.contains(.staleFlash) {
      lines.append(
        "  stale counts from when the screen's code saw the newer action: a synchronous action as it is made, "
          + "an async one (.refreshable) when its closure starts; a result shown before that is not blamed")
    }
    lines.append(row("outcome", "count", "frequency", "grade"))
    for outcome in outcomes {
      let frequency = String(format: "%.2f%%", frequency(outcome) * 100)
      lines.append(row(outcome.description, String(count(outcome)), frequency, grade(outcome).description))
    }
    for check in contract.checks {
      let failures = checkFailures[check] ?? 0
      let grade = failures == 0 ? "passed" : contract.expectation.grade(check).description
      lines.append("  check \(check.failureDescription): \(failures) trials (\(grade))")
    }
    lines.append("  " + costs)
    if let budget {
      let used = String(format: "%.1f s", elapsed.seconds)
      let budgetText = String(format: "%.0f s", budget.seconds)
      lines.append(
        stoppedAtBudget
          ? "  STOPPED AT THE BUDGET: \(used) of \(budgetText); \(orderingsLeftText)"
          : "  time: \(used) of a \(budgetText) budget")
      if !stoppedAtBudget, orderingsLeft != nil {
        lines.append("  STOPPED AT ITS CAP OF ORDERINGS: \(orderingsLeftText)")
      }
      if stoppedAtBudget || orderingsLeft != nil { lines.append("  " + timeSpent.summary) }
    }
    if notQuiescent > 0 {
      lines.append("  not quiescent within the bounds: \(notQuiescent) trials (counted as lost)")
    }
    if divergences > 0 { lines.append("  warning: \(divergences) trials left their path (nondeterministic scene?)") }
    if case .systematic = mode {
      lines.append("  " + settleMethods)
      if let found = timeToFirstFinding {
        let ordering = orderingsToFirstFinding.map { " (ordering \($0) of \(trials))" } ?? ""
        lines.append(String(format: "  first forbidden outcome after %.2f s", found.seconds) + ordering)
      }
      for level in deeperLevels { lines.append("  deeper, " + level.summary) }
    }
    if baseURL != nil {
      lines.append(
        "  over a real server: no gates, no injected failures (errors are the server's own), no replays; "
          + "requests as the client recorded them")
    }
    for outcome in outcomes where grade(outcome) != .acceptable {
      for example in examples[outcome] ?? [] {
        var reason = example.unsettledReason.map { " (\($0))" } ?? ""
        if outcome == .lost, settleFallback != nil {
          reason += " (the run was not exact: see NOT EXACT above for what the screen did and the fix)"
        }
        if outcome == .staleFlash || outcome == .refilled, let window = example.verdict.window {
          reason += " (\(window))"
        }
        if let shows = example.replayShows { reason += " (replayed, it shows \(shows))" }
        lines.append(
          "  replay \(outcome): \(example.schedule.map(\.description) ?? "(no schedule reproduced it)")\(reason)")
        break
      }
    }
    if trialsThatWaitedOutside > 0 || trialsSetAside > 0 {
      lines.append(
        "  work outside the \(actionNoun)s' tasks (calls made from a Dispatch queue, a thread or a detached task): "
          + "waited for in \(trialsThatWaitedOutside) trials until no call was in flight and the screen stayed quiet "
          + "for \(StressTrial.quietWindow.components.attoseconds / 1_000_000_000_000_000) ms (timing, not counted)"
          + (trialsSetAside == 0
            ? ""
            : "; \(trialsSetAside) trials set aside, not graded: \(firstSetAsideReason ?? "")"))
    }
    if stressFindings > 0 {
      let gaps = stressFindingsWithoutReplay
      lines.append(
        "  stress findings reproduced by a schedule: \(stressFindings - gaps) of \(stressFindings)"
          + (stressFindingsSeen > stressFindings ? " looked up (of \(stressFindingsSeen))" : "")
          + (gaps == 0 ? "" : "; \(gaps) without one (a gap in the checker's model, not a finding about the screen)"))
      if let log = firstGapLog {
        lines.append("  the first finding without a schedule, as the stress trial recorded it:")
        lines.append(contentsOf: log.map { "    \($0)" })
      }
    }
    for check in contract.checks {
      guard let example = checkExamples[check] else { continue }
      lines.append("  replay \(check.failureDescription): \(example.schedule.map(\.description) ?? "(stress trial)")")
    }
    return lines.joined(separator: "\n")
  }

  /// How the systematic trials were settled: by counting their own jobs
  /// (exact), by sampling the process idle, or (in some settles) by a quiet
  /// window, which rests on timing.
  private var settleMethods: String {
    var parts: [String] = []
    if trialsSettledByCounting > 0 { parts.append("counting the trial's jobs in \(trialsSettledByCounting) trials") }
    let sampled = trials - trialsSettledByTiming - trialsSettledByCounting
    if sampled > 0 || parts.isEmpty {
      let sampler = ProcessActivity.source.map { "process idle (\($0))" } ?? "process idle (no sampler here)"
      parts.append("\(sampler) in \(sampled) trials")
    }
    var line = "settled by: " + parts.joined(separator: ", ") + ", a quiet window (timing) in \(trialsSettledByTiming)"
    if quietSettles > 0 { line += " (\(quietSettles) settles)" }
    if let settleFallback { line += "; sampled instead of counting: \(settleFallback)" }
    if preemptions > 0 { line += "; job orders explored with up to \(preemptions) preemptions" }
    return line
  }

  /// What a stopped run left: the orderings run and, estimated, left, and
  /// the first steps it never took.
  private var orderingsLeftText: String {
    guard let left = orderingsLeft else { return "\(trials) orderings ran; orderings were left unexplored" }
    var text =
      "\(trials) orderings ran, \(left == Int.max ? "more than 9 × 10^18" : "about \(left)") left "
      + "(exact for first steps explored to the end, "
      + "else estimated from the alternatives offered along the paths run)"
    if let tried = firstStepsTried, let offered = firstStepsOffered {
      text +=
        firstStepsNeverTried.isEmpty
        ? "; every first step tried (\(offered))"
        : "; first steps never tried: \(firstStepsNeverTried.joined(separator: ", ")) (\(tried) of \(offered) tried)"
    }
    return text
  }

  private var modeDescription: String {
    switch mode {
    case .systematic(let exhaustive):
      if case .pct(let depth) = strategy {
        "systematic (PCT orderings, depth \(depth), seeded)"
      } else {
        exhaustive ? "systematic (every ordering)" : "systematic (seeded random orderings)"
      }
    case .stress: baseURL.map { "stress over real HTTP (\($0.absoluteString))" } ?? "stress"
    }
  }

  private var costs: String {
    let latency: String
    if mode != .stress {
      latency = "cancellation latency: measured in stress mode only"
    } else if let p50 = metrics.cancellationLatency(percentile: 0.5),
      let p99 = metrics.cancellationLatency(percentile: 0.99),
      let max = metrics.cancellationLatency(percentile: 1)
    {
      latency = String(format: "cancellation latency p50 %.0f µs, p99 %.0f µs, max %.0f µs", p50, p99, max)
    } else {
      latency = "cancellation latency: no samples"
    }
    return
      "\(latency); superseded requests \(metrics.supersededRequests), run to completion anyway \(metrics.wastedRequests); trials leaving requests in flight \(metrics.trialsLeavingRequestsInFlight)"
  }

  private func row(_ outcome: String, _ count: String, _ frequency: String, _ grade: String) -> String {
    "  " + outcome.padding(toLength: 16, withPad: " ", startingAt: 0)
      + String(repeating: " ", count: max(0, 10 - count.count)) + count
      + String(repeating: " ", count: max(0, 11 - frequency.count)) + frequency
      + "  " + grade
  }
}
