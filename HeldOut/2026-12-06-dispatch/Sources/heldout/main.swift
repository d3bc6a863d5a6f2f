// Runs every held-out screen in systematic and stress mode under both
// cancellation styles and prints one markdown row per screen × mode × style;
// the table is also written to the file given as the first argument, and
// every full report beside it (`<file>.reports.txt`).
import Foundation
import ScreenChecks

let output = CommandLine.arguments.dropFirst().first
let only = ProcessInfo.processInfo.environment["HELDOUT_ONLY"].map { Set($0.split(separator: ",").map(String.init)) }
let stressTrials = Int(ProcessInfo.processInfo.environment["HELDOUT_STRESS_TRIALS"] ?? "") ?? 2_000
let budget = Duration.seconds(Int(ProcessInfo.processInfo.environment["HELDOUT_BUDGET_S"] ?? "") ?? 20)

func cell(_ text: String) -> String {
  text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
}

func outcomes(_ report: ScreenReport) -> String {
  let seen = ScreenOutcome.allCases.filter { report.count($0) > 0 }
  if seen.isEmpty { return "none" }
  return seen.map { "\($0) \(report.count($0))\(report.grade($0) == .forbidden ? "!" : "")" }.joined(separator: ", ")
}

func line(of report: ScreenReport, startingWith prefix: String) -> String? {
  report.table.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix(prefix) }
}

/// Whether the report names work the checker could not follow (Dispatch, a clock of its own, …).
func escapedWork(_ report: ScreenReport) -> String {
  if let fallback = report.settleFallback { return "yes: \(fallback)" }
  if report.table.contains("could not follow") || report.table.contains("Dispatch") { return "yes (in table)" }
  return "no"
}

/// Whether the table says NOT EXACT (sampled instead of counting).
func notExact(_ report: ScreenReport) -> String {
  report.table.contains("NOT EXACT") ? "NOT EXACT" : "exact"
}

/// Trials whose work did not finish within the bound, and trials that left requests in flight.
func quiescence(_ report: ScreenReport) -> String {
  "\(report.notQuiescent) not quiescent; \(report.metrics.trialsLeavingRequestsInFlight) left requests in flight (max \(report.metrics.maxLeftInFlight))"
}

func settled(_ report: ScreenReport) -> String {
  if case .stress = report.mode { return "real executors (stress); not applicable" }
  return line(of: report, startingWith: "settled by:") ?? "?"
}

func deeper(_ report: ScreenReport) -> String {
  report.deeperLevels.map { "p\($0.preemptions): \($0.orderings) orderings, forbidden \($0.forbidden)" }.joined(separator: "; ")
}

func gaps(_ report: ScreenReport) -> String {
  if case .systematic = report.mode { return "n/a" }
  return "\(report.stressFindingsWithoutReplay) of \(report.stressFindings) looked up (\(report.stressFindingsSeen) seen)"
}

var rows: [String] = [
  "| screen | expected | mode | style | trials | outcomes (count, ! = forbidden) | violations | deeper level | first finding's replay | stress findings without a schedule | exact? | escaped work named | settled by | not quiescent / in flight | wall time |",
  "|---|---|---|---|--:|---|--:|---|---|---|---|---|---|---|--:|",
]
var reports: [String] = []

@MainActor
func run() async {
  for screen in heldoutScreens where only?.contains(screen.name) ?? true {
    for style in CancellationStyle.allCases {
      for mode in ["systematic", "stress"] {
        let checker = ScreenChecker(
          screen.checked, configuration: CheckConfiguration(actions: screen.actions, cancellationStyle: style))
        let clock = ContinuousClock()
        let start = clock.now
        var report: ScreenReport?
        var failure: String?
        do {
          report =
            mode == "systematic"
            ? try await checker.runSystematic(SystematicOptions(budget: budget))
            : try await checker.runStress(StressOptions(trials: stressTrials))
        } catch {
          failure = "\(error)"
        }
        let wall = clock.now - start
        let wallText = String(format: "%.1f s", Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18)
        if let report {
          let replay = report.findings.first.map { f in
            "\(f.outcome.map(\.description) ?? f.check.map(\.description) ?? "?"): \(f.replay.map(\.description) ?? "(no replay kept)")"
          } ?? "—"
          rows.append(
            "| \(screen.name) | \(screen.expected) | \(mode) | \(style) | \(report.trials) | \(cell(outcomes(report)))"
              + "\(report.stoppedAtBudget ? " (STOPPED AT THE BUDGET)" : "")\(report.refusal.map { " NOT CHECKED: \($0)" } ?? "")"
              + " | \(report.violations) | \(cell(deeper(report))) | \(cell(replay)) | \(cell(gaps(report))) | \(notExact(report)) | \(cell(escapedWork(report)))"
              + " | \(cell(settled(report))) | \(cell(quiescence(report))) | \(wallText) |")
          reports.append("=== \(screen.name) \(mode) \(style) ===\n" + report.table)
        } else {
          rows.append(
            "| \(screen.name) | \(screen.expected) | \(mode) | \(style) | 0 | REFUSED: \(cell(failure ?? "?")) | — | — | — | — | — | — | — | — | \(wallText) |")
          reports.append("\(screen.name) \(mode) \(style): REFUSED: \(failure ?? "?")")
        }
        print(rows.last!)
      }
    }
  }
}

if let replay = ProcessInfo.processInfo.environment["HELDOUT_REPLAY"] {
  // HELDOUT_REPLAY="screen:style:schedule" reruns one trial and prints what the user saw.
  let parts = replay.split(separator: ":", maxSplits: 2).map(String.init)
  if parts.count == 3, let screen = heldoutScreens.first(where: { $0.name == parts[0] }),
    let style = CancellationStyle(rawValue: parts[1] == "url-session" ? "urlSession" : "cancellationError")
  {
    let checker = ScreenChecker(screen.checked, configuration: CheckConfiguration(actions: screen.actions, cancellationStyle: style))
    do {
      let trial = try await checker.replay(try ScreenSchedule(parsing: parts[2]))
      print("verdict: \(trial.verdict)")
      print("transcript:\n\(trial.transcript)")
    } catch { print("replay failed: \(error)") }
  }
  exit(0)
}
await run()

let header = """
  # Held-out screens (second set), measured

  Checker: \(ProcessInfo.processInfo.environment["CHECKER_PATH"] ?? "../.. (this checkout)"); \
  systematic with default options and a \(budget) budget; stress \(stressTrials) trials (seed 1); \
  each under both cancellation styles. Generated \(ISO8601DateFormatter().string(from: Date())).


  """
let table = header + rows.joined(separator: "\n") + "\n"
print("\n" + table)
if let output {
  try? table.write(toFile: output, atomically: true, encoding: .utf8)
  try? reports.joined(separator: "\n\n").write(toFile: output + ".reports.txt", atomically: true, encoding: .utf8)
}
