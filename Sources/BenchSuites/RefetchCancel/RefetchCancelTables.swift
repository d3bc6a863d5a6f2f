import BenchKit
import Foundation
import IsolationChecks

/// The tables, headline, notes and verdicts of a `refetch-cancel` run.
enum RefetchCancelTables {
  /// `refetch-cancel.csv`: one row per variant, mode and outcome.
  static let outcomeColumns = ["variant", "mode", "seed", "outcome", "count", "frequency", "grade"]

  /// `refetch-cancel-costs.csv`: one row per variant and mode.
  static let costColumns = [
    "variant", "mode", "seed", "taps", "trials", "trials_per_second",
    "cancellation_latency_p50_us", "cancellation_latency_p90_us", "cancellation_latency_p99_us",
    "cancellation_latency_max_us", "superseded_requests", "wasted_requests",
    "trials_leaving_requests_in_flight", "max_requests_left_in_flight", "not_quiescent",
    "divergences", "quiet_settles", "trials_settled_by_timing",
  ]

  /// `refetch-cancel-contracts.csv`: one row per variant, the contract its
  /// rows were graded against.
  static let contractColumns = ["variant", "contract", "rules", "outcomes"]

  /// Builds the suite's report from every run.
  /// - Parameters:
  ///   - runs: the checker's runs over the mock.
  ///   - httpRuns: the checker's stress runs over real HTTP (`--base-url`),
  ///     if any: `stress-http` rows in the outcome table, none in the costs.
  ///   - suite: the suite's name, the tables' file name.
  ///   - isPartial: whether the run was interrupted.
  static func report(
    _ runs: [RefetchCancelRun], httpRuns: [RefetchCancelRun] = [], suite: String, isPartial: Bool
  ) -> SuiteReport {
    var outcomes = ResultTable(columns: outcomeColumns)
    var costs = ResultTable(columns: costColumns)
    var contracts = ResultTable(columns: contractColumns)
    var contractRows: Set<String> = []
    var notes: [String] = []
    var compactNotes: [String] = []
    var violations: [String] = []
    for run in runs {
      let report = run.report
      for outcome in report.outcomes {
        outcomes.append([
          run.variant.name, report.mode.description, report.seedCell, outcome.description,
          String(report.count(outcome)), CellFormat.fixed(report.frequency(outcome), digits: 6),
          report.grade(outcome).description,
        ])
      }
      // A deeper level of a systematic run (orderings making that many
      // job-level choices) is rows of its own, its level in the mode.
      for level in report.deeperLevels {
        for outcome in report.outcomes {
          let count = level.counts[outcome] ?? 0
          outcomes.append([
            run.variant.name, Self.mode(of: level), report.seedCell, outcome.description, String(count),
            CellFormat.fixed(level.orderings == 0 ? 0 : Double(count) / Double(level.orderings), digits: 6),
            report.grade(outcome).description,
          ])
        }
        notes.append("\(run.variant.name) (\(report.mode)), deeper: \(level.summary)")
      }
      costs.append(costRow(run))
      if contractRows.insert(run.variant.name).inserted {
        let contract = report.contract
        contracts.append([
          run.variant.name, contract.name, contract.rules.map(\.description).joined(separator: " "),
          contract.outcomes.map(\.description).joined(separator: " "),
        ])
      }
      notes += summaryLines(run)
      if run.variant is ScreenVariant, !compactNotes.contains(where: { $0.hasPrefix("\(run.variant.sceneName): ") }) {
        compactNotes.append("\(run.variant.sceneName): graded against \(report.contract)")
      }
      compactNotes += warningLines(run)
      if run.variant.isCorrectedScene, report.violations > 0 {
        let deeper = report.deeperLevels.map { "\($0.orderings) with \($0.preemptions) preemption(s)" }
        violations.append(
          "\(run.variant.name) (\(report.mode)): \(report.violations) forbidden outcomes or failed checks in "
            + ([String(report.trials) + " trials"] + deeper).joined(separator: " and "))
      }
      if run.variant.isCorrectedScene, report.stoppedAtBudget {
        violations.append(
          "\(run.variant.name) (\(report.mode)): stopped at its time budget after \(report.trials) orderings; "
            + "the rest were not checked")
      }
    }
    for run in httpRuns {
      let report = run.report
      let name = RefetchHTTPPass.rowName(run.variant)
      for outcome in report.outcomes {
        outcomes.append([
          name, RefetchHTTPPass.mode, report.seedCell, outcome.description,
          String(report.count(outcome)), CellFormat.fixed(report.frequency(outcome), digits: 6),
          report.grade(outcome).description,
        ])
      }
      notes += httpSummaryLines(run)
      if run.variant.isCorrectedScene, report.violations > 0 {
        violations.append(
          "\(name) (\(RefetchHTTPPass.mode)): \(report.violations) forbidden outcomes or failed checks in \(report.trials) trials"
        )
      }
    }
    var correctedScenes: [String] = []
    for run in runs where run.variant.isCorrectedScene {
      let scene = run.variant.sceneName
      if !correctedScenes.contains(scene) { correctedScenes.append(scene) }
    }
    let footer = [
      "Forbidden outcomes of the corrected scenes (\(correctedScenes.joined(separator: ", ")))",
      "break the contract and fail the run, as does their systematic run stopping at its time budget;",
      "those of the other variants are findings. Replay one with: bench refetch-cancel --replay '<variant>:<schedule>'.",
    ]
    compactNotes.insert(
      "Cells: trials by outcome, cancellation styles added up; \(RefetchCompactTable.forbiddenMark) marks a "
        + "forbidden outcome seen. One row per variant: refetch-cancel.csv, or --verbose.", at: 0)
    compactNotes.append(
      "Forbidden outcomes fail the run for \(Self.phrase(correctedScenes)) and are findings elsewhere; "
        + "replay one with: bench refetch-cancel --replay '<variant>:<schedule>'.")
    var report = SuiteReport(
      tables: [
        .init(name: suite, table: outcomes), .init(name: "\(suite)-costs", table: costs),
        .init(name: "\(suite)-contracts", table: contracts),
      ],
      headline: RefetchCompactTable.table(runs, httpRuns: httpRuns), notes: compactNotes,
      invariantViolations: violations, isPartial: isPartial)
    report.verboseHeadline = outcomes
    report.verboseNotes = notes + footer
    return report
  }

  /// The `mode` of a deeper level's rows: `systematic-p1` for the orderings
  /// making one job-level choice.
  static func mode(of level: ExplorationLevel) -> String { "systematic-p\(level.preemptions)" }

  /// What the compact readout must not hide of one run: failed resource
  /// checks, a fallback from counting jobs, a systematic run stopped at its budget.
  private static func warningLines(_ run: RefetchCancelRun) -> [String] {
    let report = run.report
    var lines: [String] = []
    for (check, count) in report.checkFailures.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      lines.append("\(run.variant.name) \(report.mode): check \(check.failureDescription): \(count) trials")
    }
    if let fallback = report.settleFallback {
      lines.append("\(run.variant.name) \(report.mode): settled by sampling the process: \(fallback)")
    }
    if report.stoppedAtBudget {
      lines.append("\(run.variant.name) \(report.mode): STOPPED AT THE BUDGET after \(report.trials) orderings")
    }
    for level in report.deeperLevels where level.forbidden > 0 || !level.complete {
      lines.append("\(run.variant.name) \(Self.mode(of: level)): \(level.summary)")
    }
    return lines
  }

  /// One line per scene over real HTTP, then the display log of the first
  /// trial of each outcome that is not acceptable (no schedule replays it).
  private static func httpSummaryLines(_ run: RefetchCancelRun) -> [String] {
    let report = run.report
    let verdict =
      report.violations == 0 ? "no forbidden outcome" : run.variant.isCorrectedScene ? "VIOLATION" : "finding"
    let metrics = report.metrics
    var lines = [
      "\(RefetchHTTPPass.rowName(run.variant)) \(RefetchHTTPPass.mode): \(verdict) — \(report.trials) trials, "
        + "\(Int(report.trialsPerSecond.rounded())) trials/s; requests \(metrics.requests), "
        + "cancelled \(metrics.cancelledRequests), failed \(metrics.failedRequests); "
        + "trials not settled within the bound \(report.notQuiescent)"
    ]
    for (check, count) in report.checkFailures.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      lines.append("  check \(check.failureDescription): \(count) trials")
    }
    for outcome in report.outcomes where report.grade(outcome) != .acceptable {
      guard let example = report.examples[outcome]?.first else { continue }
      lines.append("  \(outcome) example: \(example.viewLog.joined(separator: "; "))")
    }
    return lines
  }

  private static func costRow(_ run: RefetchCancelRun) -> [String] {
    let report = run.report
    let metrics = report.metrics
    let stress = report.mode == .stress
    func latency(_ fraction: Double) -> String {
      guard stress, let value = metrics.cancellationLatency(percentile: fraction) else { return "" }
      return CellFormat.fixed(value, digits: 1)
    }
    return [
      run.variant.name, report.mode.description, report.seedCell, String(report.configuration.actions),
      String(report.trials), CellFormat.fixed(report.trialsPerSecond, digits: 0),
      latency(0.5), latency(0.9), latency(0.99), latency(1),
      String(metrics.supersededRequests), String(metrics.wastedRequests),
      String(metrics.trialsLeavingRequestsInFlight), String(metrics.maxLeftInFlight),
      String(report.notQuiescent), String(report.divergences), String(report.quietSettles),
      String(report.trialsSettledByTiming),
    ]
  }

  /// One line per variant and mode, then a replay string for each outcome
  /// that is not acceptable.
  private static func summaryLines(_ run: RefetchCancelRun) -> [String] {
    let report = run.report
    let forbidden = report.violations
    let verdict =
      forbidden == 0 ? "no forbidden outcome" : run.variant.isCorrectedScene ? "VIOLATION" : "finding"
    var costs = "\(report.trials) trials, \(Int(report.trialsPerSecond.rounded())) trials/s"
    if let budget = report.budget {
      costs +=
        "; \(Self.seconds(report.elapsed)) of a \(Self.seconds(budget)) budget"
        + (report.stoppedAtBudget ? " (STOPPED AT THE BUDGET: orderings left unexplored)" : "")
    }
    if report.mode == .stress, let p50 = report.metrics.cancellationLatency(percentile: 0.5),
      let p99 = report.metrics.cancellationLatency(percentile: 0.99)
    {
      costs += String(format: "; cancellation latency p50 %.0f µs, p99 %.0f µs", p50, p99)
    }
    costs +=
      "; superseded requests \(report.metrics.supersededRequests), run to completion anyway \(report.metrics.wastedRequests)"
    costs += "; trials leaving requests in flight \(report.metrics.trialsLeavingRequestsInFlight)"
    var lines = ["\(run.variant.name) \(report.mode): \(verdict) — \(costs)"]
    if run.variant is ScreenVariant { lines.append("  graded against: \(report.contract)") }
    if let fallback = report.settleFallback {
      lines.append("  settled by sampling the process, not by counting its jobs: \(fallback)")
    }
    for (check, count) in report.checkFailures.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      lines.append("  check \(check.failureDescription): \(count) trials")
    }
    for outcome in report.outcomes where report.grade(outcome) != .acceptable {
      guard let example = report.examples[outcome]?.first else { continue }
      if let schedule = example.schedule {
        lines.append(
          "  replay \(outcome): '\(run.variant.replayString(schedule))'"
            + (example.replayShows.map { " (replayed, it shows \($0))" } ?? ""))
      } else {
        lines.append("  replay \(outcome): no systematic schedule reproduced this stress trial")
      }
    }
    if report.stressFindings > 0 {
      let gaps = report.stressFindingsWithoutReplay
      lines.append(
        "  stress findings reproduced by a schedule: \(report.stressFindings - gaps) of \(report.stressFindings) "
          + "looked up (of \(report.stressFindingsSeen))"
          + (gaps == 0 ? "" : "; \(gaps) without one, a gap in the checker's model"))
      if let log = report.firstGapLog {
        lines.append("  the first finding without a schedule, as the stress trial recorded it:")
        lines.append(contentsOf: log.map { "    \($0)" })
      }
    }
    return lines
  }

  /// `a`, `a and b`, `a, b and c`.
  private static func phrase(_ items: [String]) -> String {
    guard let last = items.last, items.count > 2 else { return items.joined(separator: " and ") }
    return items.dropLast().joined(separator: ", ") + " and " + last
  }

  /// A duration in seconds with one decimal, like `1.2 s`.
  private static func seconds(_ duration: Duration) -> String {
    CellFormat.fixed(duration.seconds, digits: 1) + " s"
  }
}
