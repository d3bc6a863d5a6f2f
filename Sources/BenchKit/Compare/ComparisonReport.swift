/// What `bench compare` prints and how it exits, from the tables it compared.
///
/// Results (each table's changes, unpaired rows and notes, then the totals)
/// go to standard output; warnings and the final regression line go to
/// standard error.
public struct ComparisonReport: Sendable, Equatable {
  /// The tables compared, in order.
  public var tables: [TableComparison]
  /// The files and folders compared.
  public var inputs: ComparisonInputs
  /// Threshold, ignored columns and the incomparable rule.
  public var settings: ComparisonSettings

  /// How many unpaired rows are listed per table before "and N more".
  static let unpairedListed = 10

  /// Creates a report.
  /// - Parameters:
  ///   - tables: the tables compared.
  ///   - inputs: the files and folders compared.
  ///   - settings: the settings used.
  public init(tables: [TableComparison], inputs: ComparisonInputs, settings: ComparisonSettings) {
    self.tables = tables
    self.inputs = inputs
    self.settings = settings
  }

  /// How many paired rows regressed.
  public var regressionCount: Int {
    tables.reduce(0) { $0 + ($1.verdictCounts[.regressed] ?? 0) }
  }

  /// Whether a regression was found in data marked `comparable=false`.
  public var regressionsAreIncomparable: Bool {
    tables.contains { $0.isIncomparable && ($0.verdictCounts[.regressed] ?? 0) > 0 }
  }

  /// Rows of every table: the baseline's, the current run's, and those that paired.
  public var rowTotals: (baseline: Int, current: Int, paired: Int) {
    tables.reduce((0, 0, 0)) { ($0.0 + $1.baselineRows, $0.1 + $1.currentRows, $0.2 + $1.pairedRows) }
  }

  /// Whether too few rows paired to judge: none at all, or fewer than
  /// ``ComparisonSettings/minimumPairedShare`` of either run's rows.
  public var tooFewRowsPaired: Bool {
    let rows = rowTotals
    guard rows.paired > 0 else { return true }
    let share = settings.minimumPairedShare
    return Double(rows.paired) < share * Double(rows.baseline) || Double(rows.paired) < share * Double(rows.current)
  }

  /// ``BenchExitCode/performanceRegression`` when anything regressed (unless
  /// only in non-comparable data without ``ComparisonSettings/allowIncomparable``),
  /// else ``BenchExitCode/tooFewRowsPaired`` when too few rows paired to judge
  /// (see ``tooFewRowsPaired``), else ``BenchExitCode/success``.
  public var exitCode: BenchExitCode {
    let gating = tables.filter { settings.allowIncomparable || !$0.isIncomparable }
    let regressed = gating.contains { ($0.verdictCounts[.regressed] ?? 0) > 0 }
    if regressed { return .performanceRegression }
    return tooFewRowsPaired ? .tooFewRowsPaired : .success
  }

  /// The text for standard output.
  /// - Parameter format: how the tables of changes are rendered.
  /// - Returns: the text, ending in a newline.
  public func output(format: OutputFormat = .table) -> String {
    var text = ""
    for table in tables {
      text += section(table, format: format)
    }
    let counts = tables.reduce(into: [ChangeVerdict: Int]()) { total, table in
      total.merge(table.verdictCounts, uniquingKeysWith: +)
    }
    let unpaired = tables.reduce(0) { $0 + $1.unpaired.count }
    text += "\nOverall: \(Self.describe(counts))"
    text += unpaired > 0 ? "; \(unpaired) row(s) could not be paired.\n" : ".\n"
    return text
  }

  /// The text for standard error: warnings, then the regression verdict, if any.
  public var errors: String {
    var lines: [String] = []
    for name in inputs.onlyInBaseline {
      lines.append("Warning: only the baseline has \(name); it is not compared.")
    }
    for name in inputs.onlyInCurrent {
      lines.append("Warning: only the current run has \(name); it is not compared.")
    }
    for table in tables {
      lines += table.warnings.map { "Warning: \($0)" }
    }
    let threshold = Self.percent(settings.threshold, signed: false)
    if exitCode == .tooFewRowsPaired {
      lines.append(pairingFailure)
    }
    if exitCode == .performanceRegression {
      lines.append("REGRESSION: \(regressionCount) row(s) regressed beyond the \(threshold) threshold.")
    } else if regressionCount > 0 && regressionsAreIncomparable {
      lines.append(
        "Not failing: the \(regressionCount) regression(s) are in rows marked comparable=false; "
          + "pass --allow-incomparable to fail on them.")
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// Why the comparison could not judge, which parameters differ, and how to pair them.
  var pairingFailure: String {
    let rows = rowTotals
    let required = Self.percent(settings.minimumPairedShare, signed: false)
    var text =
      "NOT COMPARED: \(rows.paired) of \(rows.baseline) baseline row(s) and \(rows.paired) of \(rows.current) "
      + "current row(s) paired; at least \(required) of each must pair (--min-paired)."
    let differing = tables.flatMap(\.differingColumns).reduce(into: [String]()) { unique, column in
      if !unique.contains(column) { unique.append(column) }
    }
    if tables.isEmpty {
      text += " The two runs share no result file."
    } else if differing.isEmpty {
      text += " No parameter differs: the runs measured different things."
    } else {
      text +=
        " The runs differ in \(differing.joined(separator: ", ")); to compare them anyway, leave those "
        + "columns out of the pairing: --ignore \(differing.joined(separator: ","))."
    }
    return text
  }

  private func section(_ table: TableComparison, format: OutputFormat) -> String {
    let name = inputs.pairs.first { $0.baseline == table.baselinePath }?.name ?? table.currentPath
    var text = "\n== \(name) ==\nbaseline: \(table.baselinePath)\ncurrent:  \(table.currentPath)\n"
    let ignored = settings.ignoredColumns.filter(table.pairingColumns.contains).sorted()
    if !table.keyColumns.isEmpty {
      text += "Rows paired on: \(table.keyColumns.joined(separator: ", "))"
      text += ignored.isEmpty ? ".\n" : " (ignored: \(ignored.joined(separator: ", "))).\n"
    }
    if !table.changes.isEmpty {
      let methods = Set(table.changes.map(\.change.method))
      let source = methods == [.bootstrap] ? "bootstrap of the raw samples" : "see the notes"
      text +=
        "Change in median (current / baseline - 1), 95% CI by \(source); "
        + "threshold \(Self.percent(settings.threshold, signed: false)).\n\n"
      text += format.render(changesTable(table))
    }
    if !table.outcomeChanges.isEmpty {
      text += "\n" + format.render(outcomesTable(table))
    }
    if !table.unpaired.isEmpty {
      text += "\nCould not pair \(table.unpaired.count) row(s):\n"
      for side in [UnpairedRow.Side.baseline, .current] {
        let rows = table.unpaired.filter { $0.side == side }
        for row in rows.prefix(Self.unpairedListed) {
          text += "  only in the \(side == .baseline ? "baseline" : "current run"): \(row.key) (\(row.reason))\n"
        }
        if rows.count > Self.unpairedListed {
          text +=
            "  … and \(rows.count - Self.unpairedListed) more in the \(side == .baseline ? "baseline" : "current run")\n"
        }
      }
      if table.changes.isEmpty && table.outcomeChanges.isEmpty {
        text += "  Runs that differ in a parameter on purpose pair with --ignore, like --ignore variant,latency_ms.\n"
      }
    }
    text += table.notes.map { "Note: \($0)\n" }.joined()
    text += "Result: \(Self.describe(table.verdictCounts)).\n"
    return text
  }

  private func changesTable(_ table: TableComparison) -> ResultTable {
    var result = ResultTable(columns: [
      "variant", "metric", "baseline p50", "current p50", "change", "95% CI", "verdict",
    ])
    for change in table.changes {
      let estimate = change.change
      result.append([
        change.variant, change.metric,
        CellFormat.time(nanoseconds: estimate.baselineMedian), CellFormat.time(nanoseconds: estimate.currentMedian),
        Self.percent(estimate.change, signed: true),
        "[\(Self.percent(estimate.interval.lower, signed: true)), \(Self.percent(estimate.interval.upper, signed: true))]",
        change.verdict.rawValue + (estimate.method == .summaryIntervals ? " (from summaries)" : ""),
      ])
    }
    return result
  }

  private func outcomesTable(_ table: TableComparison) -> ResultTable {
    var result = ResultTable(columns: [
      "variant", "parameters", "baseline forbidden", "current forbidden", "change", "95% CI", "verdict",
    ])
    for change in table.outcomeChanges {
      let parameters = change.key.values.keys.sorted().filter { $0 != "variant" }
      result.append([
        change.key.values["variant"] ?? "",
        parameters.map { "\($0)=\(change.key.values[$0]!)" }.joined(separator: ", "),
        "\(change.baselineForbidden) of \(change.baselineTotal)",
        "\(change.currentForbidden) of \(change.currentTotal)",
        Self.points(change.rateChange.change),
        "[\(Self.points(change.rateChange.interval.lower)), \(Self.points(change.rateChange.interval.upper))]",
        change.verdict.rawValue,
      ])
    }
    return result
  }

  static func describe(_ counts: [ChangeVerdict: Int]) -> String {
    [ChangeVerdict.regressed, .improved, .unchanged, .tooNoisy]
      .map { "\(counts[$0] ?? 0) \($0.rawValue)" }
      .joined(separator: ", ")
  }

  /// A difference of proportions in percentage points, like `+4.8 pp`.
  static func points(_ difference: Double) -> String {
    guard difference.isFinite else { return "?" }
    return (difference >= 0 ? "+" : "") + CellFormat.fixed(difference * 100, digits: 1) + " pp"
  }

  /// A fraction as a percentage with one decimal, like `+19.8%` or `5%`.
  static func percent(_ fraction: Double, signed: Bool) -> String {
    guard fraction.isFinite else { return "?" }
    let value = fraction * 100
    let text = value == value.rounded() && !signed ? CellFormat.number(value) : CellFormat.fixed(value, digits: 1)
    return (signed && value >= 0 ? "+" : "") + text + "%"
  }
}
