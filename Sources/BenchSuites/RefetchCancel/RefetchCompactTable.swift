import BenchKit
import IsolationChecks

/// The table `refetch-cancel` prints by default, one screen high: one row
/// per scene and mode, the outcomes as columns, forbidden ones marked, and
/// the replay string of the row's first finding.
///
/// A scene is an interactor behind a view policy (or a registered screen);
/// its row adds up the trials of its cancellation styles, in the order the
/// runs came. A cell is the count of trials whose primary outcome it was;
/// ``forbiddenMark`` follows the count when the outcome is forbidden and was
/// seen. A cell is empty when the row's contract does not list that
/// outcome. `first finding` is the replay string of the first trial, in run
/// and contract order, whose outcome is forbidden and which a systematic
/// schedule reproduces. The long table, one row per variant, mode and
/// outcome, stays in `refetch-cancel.csv` and under `--verbose`.
enum RefetchCompactTable {
  /// Follows the count of a forbidden outcome that was seen, like `12!`.
  static let forbiddenMark = "!"
  /// The columns before the outcomes.
  static let leadingColumns = ["scene", "mode", "trials"]
  /// The column after the outcomes.
  static let findingColumn = "first finding"

  /// One row's runs: a scene in one mode.
  private struct Group {
    var scene: String
    var mode: String
    var runs: [RefetchCancelRun]
  }

  /// The table for the runs over the mock, then those over real HTTP.
  /// - Parameters:
  ///   - runs: the checker's runs over the mock.
  ///   - httpRuns: its runs over real HTTP, as mode `stress-http`.
  /// - Returns: the table.
  static func table(_ runs: [RefetchCancelRun], httpRuns: [RefetchCancelRun] = []) -> ResultTable {
    var groups: [Group] = []
    func add(_ run: RefetchCancelRun, mode: String) {
      if let index = groups.firstIndex(where: { $0.scene == run.variant.sceneName && $0.mode == mode }) {
        groups[index].runs.append(run)
      } else {
        groups.append(Group(scene: run.variant.sceneName, mode: mode, runs: [run]))
      }
    }
    for run in runs { add(run, mode: run.report.mode.description) }
    for run in httpRuns { add(run, mode: RefetchHTTPPass.mode) }

    var outcomes: [ScreenOutcome] = []
    for run in runs + httpRuns {
      for outcome in run.report.outcomes where !outcomes.contains(outcome) { outcomes.append(outcome) }
    }
    var table = ResultTable(columns: leadingColumns + outcomes.map(\.description) + [findingColumn])
    for group in groups {
      let reports = group.runs.map(\.report)
      let cells = outcomes.map { outcome in
        guard let report = reports.first(where: { $0.outcomes.contains(outcome) }) else { return "" }
        let count = reports.reduce(0) { $0 + $1.count(outcome) }
        return String(count) + (count > 0 && report.grade(outcome) == .forbidden ? forbiddenMark : "")
      }
      let trials = reports.reduce(0) { $0 + $1.trials }
      table.append([group.scene, group.mode, String(trials)] + cells + [firstFinding(group.runs)])
    }
    return table
  }

  /// The replay string of the first forbidden trial a schedule reproduces;
  /// a phrase when the forbidden trials have none, empty when there are none.
  private static func firstFinding(_ runs: [RefetchCancelRun]) -> String {
    var forbiddenSeen = false
    for run in runs {
      let report = run.report
      for outcome in report.outcomes where report.grade(outcome) == .forbidden && report.count(outcome) > 0 {
        forbiddenSeen = true
        if let schedule = report.examples[outcome]?.lazy.compactMap(\.schedule).first {
          return "\(outcome): \(run.variant.replayString(schedule))"
        }
      }
    }
    return forbiddenSeen ? "no schedule replays it" : ""
  }
}
