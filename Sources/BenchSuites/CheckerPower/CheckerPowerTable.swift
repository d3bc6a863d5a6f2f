import BenchKit
import Foundation
import ScreenChecks

/// The tables and notes of a `checker-power` run: one CSV row per fixture
/// and strategy, a headline with the strategies side by side, and the
/// false alarms (a finding on a correct fixture), which fail the run.
struct CheckerPowerTable {
  static let columns = [
    "fixture", "kind", "flawed", "actions", "strategy", "runs", "orderings_per_run", "found_runs", "found_share",
    "orderings_to_first_median", "orderings_to_first_max", "seconds_to_first_median", "seconds_median",
  ]

  let csv: ResultTable
  let headline: ResultTable
  let notes: [String]
  let falseAlarms: [String]

  /// - Parameters:
  ///   - rows: every fixture under every strategy.
  ///   - seeds: how many seeded runs each sampled strategy made.
  ///   - orderings: how many orderings each sampled run drew.
  init(rows: [CheckerPowerRow], seeds: Int, orderings: Int) {
    var csv = ResultTable(columns: Self.columns)
    for row in rows {
      csv.append([
        row.fixture, row.kind, row.isFlawed ? "true" : "false", String(row.actions), row.strategy.description,
        String(row.runs), Self.median(row.orderings.map(Double.init)).map { String(Int($0)) } ?? "",
        String(row.finding), CellFormat.fixed(row.runs == 0 ? 0 : Double(row.finding) / Double(row.runs), digits: 2),
        Self.median(row.orderingsToFirst.map(Double.init)).map { String(Int($0)) } ?? "",
        row.orderingsToFirst.max().map(String.init) ?? "",
        Self.median(row.secondsToFirst).map { CellFormat.fixed($0, digits: 3) } ?? "",
        Self.median(row.seconds).map { CellFormat.fixed($0, digits: 3) } ?? "",
      ])
    }
    self.csv = csv

    let strategies = CheckerPowerSuite.strategies
    var headline = ResultTable(columns: ["fixture", "actions"] + strategies.map(\.description))
    var fixtures: [String] = []
    for row in rows where !fixtures.contains(row.fixture) { fixtures.append(row.fixture) }
    for fixture in fixtures {
      let cells = strategies.map { strategy -> String in
        guard let row = rows.first(where: { $0.fixture == fixture && $0.strategy == strategy }) else { return "" }
        return Self.cell(row)
      }
      let first = rows.first { $0.fixture == fixture }
      let name = (first?.isFlawed ?? true) ? fixture : "\(fixture) (correct)"
      headline.append([name, first.map { String($0.actions) } ?? ""] + cells)
    }
    self.headline = headline

    let flawed = rows.filter(\.isFlawed)
    var notes = [
      "Each cell: runs that found something forbidden (an outcome or a failed resource check) / runs, and the median orderings before the first (that one "
        + "included); the exhaustive strategy runs once, the sampled ones \(seeds) seeds × \(orderings) orderings. "
        + "A correct fixture's cell counts false alarms."
    ]
    for strategy in strategies {
      let mine = flawed.filter { $0.strategy == strategy }
      let everyRun = mine.filter { $0.finding == $0.runs && $0.runs > 0 }.count
      let anyRun = mine.filter { $0.finding > 0 }.count
      notes.append(
        "\(strategy): found in every run on \(everyRun) of \(mine.count) flaw fixtures, in some run on \(anyRun)")
    }
    self.notes = notes
    falseAlarms = rows.filter { !$0.isFlawed && $0.finding > 0 }.map {
      "checker-power: \($0.strategy) found something forbidden on the correct \($0.fixture) in \($0.finding) of \($0.runs) runs"
    }
  }

  /// `10/10, 7`: runs finding / runs, median orderings to the first finding.
  private static func cell(_ row: CheckerPowerRow) -> String {
    let found = "\(row.finding)/\(row.runs)"
    guard row.isFlawed, let median = median(row.orderingsToFirst.map(Double.init)) else { return found }
    return "\(found), \(Int(median))"
  }

  private static func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    var values = values
    return Statistics.median(reordering: &values)
  }
}
