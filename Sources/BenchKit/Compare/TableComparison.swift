/// The comparison of one table between two runs: rows paired by variant,
/// parameters and metric, each change in median judged against a threshold.
///
/// It knows no suite: the parameter columns are read from the table's shape
/// (see ``TableShape``), statistics and environment columns never pair rows,
/// and only metrics ending in `_ns` (times, lower is better) are judged.
/// Tables of graded outcome counts are compared by their forbidden outcomes
/// (see ``ForbiddenOutcomeChange``).
public struct TableComparison: Sendable, Equatable {
  /// The baseline's path.
  public var baselinePath: String
  /// The current run's path.
  public var currentPath: String
  /// The shape both tables share.
  public var shape: TableShape
  /// The columns that could pair rows: `variant`, the parameters, and `metric` for summaries.
  public var pairingColumns: [String]
  /// The columns that paired rows: ``pairingColumns`` less the ignored ones.
  public var keyColumns: [String]
  /// Paired rows of timed metrics, in the baseline's order.
  public var changes: [PairedChange]
  /// Paired variants of outcome tables, in the baseline's order.
  public var outcomeChanges: [ForbiddenOutcomeChange]
  /// Rows that found no partner.
  public var unpaired: [UnpairedRow]
  /// The baseline's rows (distinct combinations of the pairing columns).
  public var baselineRows = 0
  /// The current run's rows (distinct combinations of the pairing columns).
  public var currentRows = 0
  /// Rows that found exactly one partner.
  public var pairedRows = 0
  /// The pairing columns whose values differ between the runs: a value that
  /// only one run has. Ignoring them (`--ignore`) is how such runs pair.
  public var differingColumns: [String] = []
  /// Facts about how the comparison was made, like a fallback to summary intervals.
  public var notes: [String]
  /// Reasons to distrust the result: non-comparable builds, partial runs, different machines.
  public var warnings: [String]
  /// Whether either side has rows marked `comparable=false`.
  public var isIncomparable: Bool

  /// Compares two runs' versions of a table.
  /// - Parameters:
  ///   - baseline: the baseline run's table (and samples).
  ///   - current: the current run's table (and samples).
  ///   - settings: threshold, ignored columns and bootstrap.
  /// - Throws: ``InvalidValue`` naming the file, when the two tables have
  ///   different shapes or a cell that must be a number is not.
  public init(baseline: ComparisonSide, current: ComparisonSide, settings: ComparisonSettings) throws(InvalidValue) {
    baselinePath = baseline.summary.path
    currentPath = current.summary.path
    shape = TableShape(columns: baseline.summary.table.columns)
    pairingColumns = []
    keyColumns = []
    changes = []
    outcomeChanges = []
    unpaired = []
    notes = []
    warnings = []
    isIncomparable = baseline.hasIncomparableRows || current.hasIncomparableRows
    let currentShape = TableShape(columns: current.summary.table.columns)
    switch (shape, currentShape) {
    case (.summary(let before), .summary(let now)):
      pairingColumns = ["variant"] + Self.union(before, now) + ["metric"]
      keyColumns = pairingColumns.filter { !settings.ignoredColumns.contains($0) }
      try compareSummaries(baseline, current, settings: settings)
    case (.outcomeCounts, .outcomeCounts):
      try compareOutcomes(baseline, current, settings: settings)
    case (.other, .other), (.samples, .samples):
      notes.append("Not compared: \(baselinePath) is neither a summary table nor a table of graded outcomes.")
      return
    default:
      throw InvalidValue(
        "\(currentPath): not the same kind of table as \(baselinePath) (\(currentShape.name) against \(shape.name))")
    }
    addWarnings(baseline, current)
  }

  /// How many paired rows and variants got each verdict.
  public var verdictCounts: [ChangeVerdict: Int] {
    var counts: [ChangeVerdict: Int] = [:]
    for verdict in changes.map(\.verdict) + outcomeChanges.map(\.verdict) {
      counts[verdict, default: 0] += 1
    }
    return counts
  }

  // MARK: - Summary tables

  private mutating func compareSummaries(
    _ baseline: ComparisonSide, _ current: ComparisonSide, settings: ComparisonSettings
  ) throws(InvalidValue) {
    let before = Self.index(baseline.summary, keyColumns: keyColumns)
    let now = Self.index(current.summary, keyColumns: keyColumns)
    let beforeSamples = try Self.samples(of: baseline, ignored: settings.ignoredColumns)
    let nowSamples = try Self.samples(of: current, ignored: settings.ignoredColumns)
    for (side, run) in [("baseline", baseline), ("current run", current)] where run.samples == nil {
      notes.append(
        "No samples for the \(side) (\(ComparisonSide.samplesPath(besides: run.summary.path)) is missing): "
          + "intervals come from the summaries' p50 intervals, which are wider than a bootstrap.")
    }
    pairKeys(before: before, now: now)
    var skippedMetrics: [String] = []
    var fallbacks = 0
    for key in before.order {
      guard let b = before.rows[key], b.count == 1, let c = now.rows[key], c.count == 1 else { continue }
      let metric = key.values["metric"] ?? ""
      guard metric.hasSuffix("_ns") else {
        if !skippedMetrics.contains(metric) { skippedMetrics.append(metric) }
        continue
      }
      let change: MedianChange
      if let beforeValues = beforeSamples?[key], let nowValues = nowSamples?[key], !beforeValues.isEmpty,
        !nowValues.isEmpty
      {
        change = .fromSamples(baseline: beforeValues, current: nowValues, bootstrap: settings.bootstrap)
      } else {
        if beforeSamples != nil && nowSamples != nil { fallbacks += 1 }
        change = try .fromSummaries(
          baselineMedian: Self.number("p50", b[0], baseline.summary),
          baselineInterval: Self.interval(b[0], baseline.summary),
          currentMedian: Self.number("p50", c[0], current.summary),
          currentInterval: Self.interval(c[0], current.summary))
      }
      guard change.baselineMedian > 0, change.baselineMedian.isFinite else {
        notes.append("Not judged: \(key): the baseline median is \(CellFormat.number(change.baselineMedian)).")
        continue
      }
      changes.append(
        PairedChange(
          key: key, variant: current.summary.cell("variant", row: c[0]) ?? "", metric: metric, change: change,
          verdict: ChangeVerdict.judge(change.interval, threshold: settings.threshold)))
    }
    if fallbacks > 0 {
      notes.append("\(fallbacks) row(s) had no samples on one side: their intervals come from the summaries.")
    }
    if !skippedMetrics.isEmpty {
      notes.append(
        "Not compared: \(skippedMetrics.joined(separator: ", ")) (only times, metrics ending in _ns, "
          + "lower is better, are judged).")
    }
  }

  private static func samples(of side: ComparisonSide, ignored: Set<String>) throws(InvalidValue)
    -> [RowKey: [Double]]?
  {
    guard let file = side.samples else { return nil }
    guard case .samples(let parameters) = TableShape(columns: file.table.columns) else {
      throw InvalidValue("\(file.path): not a samples table (expected variant, parameters, iteration, metric, value)")
    }
    let keyColumns = (["variant"] + parameters + ["metric"]).filter { !ignored.contains($0) }
    let valueIndex = file.table.columns.firstIndex(of: "value")!
    var values: [RowKey: [Double]] = [:]
    for (line, row) in file.table.rows.enumerated() {
      guard let value = Double(row[valueIndex]) else {
        throw InvalidValue("\(file.path): line \(line + 2): value '\(row[valueIndex])' is not a number")
      }
      values[RowKey(row: row, columns: file.table.columns, keyColumns: keyColumns, ignored: []), default: []]
        .append(value)
    }
    return values
  }

  private static func number(_ column: String, _ row: Int, _ file: ResultFile) throws(InvalidValue) -> Double {
    let text = file.cell(column, row: row) ?? ""
    if text.isEmpty { return .nan }
    guard let value = Double(text) else {
      throw InvalidValue("\(file.path): line \(row + 2): \(column) '\(text)' is not a number")
    }
    return value
  }

  private static func interval(_ row: Int, _ file: ResultFile) throws(InvalidValue) -> ConfidenceInterval {
    ConfidenceInterval(
      lower: try number("p50_ci_low", row, file), upper: try number("p50_ci_high", row, file), level: 0.95)
  }

  // MARK: - Outcome tables

  private mutating func compareOutcomes(
    _ baseline: ComparisonSide, _ current: ComparisonSide, settings: ComparisonSettings
  ) throws(InvalidValue) {
    let measured: Set<String> = ["variant", "outcome", "count", "grade", "frequency"]
    let parameters = Self.union(baseline.summary.table.columns, current.summary.table.columns)
      .filter { !measured.contains($0) && !TableShape.isEnvironmentColumn($0) }
    pairingColumns = ["variant"] + parameters
    keyColumns = pairingColumns.filter { !settings.ignoredColumns.contains($0) }
    let before = try Self.forbiddenCounts(baseline.summary, keyColumns: keyColumns)
    let now = try Self.forbiddenCounts(current.summary, keyColumns: keyColumns)
    pairKeys(
      before: KeyIndex(order: before.order, rows: before.counts.mapValues { _ in [0] }),
      now: KeyIndex(order: now.order, rows: now.counts.mapValues { _ in [0] }))
    for key in before.order {
      guard let b = before.counts[key], let c = now.counts[key] else { continue }
      outcomeChanges.append(
        ForbiddenOutcomeChange(
          key: key, baselineForbidden: b.forbidden, baselineTotal: b.total, currentForbidden: c.forbidden,
          currentTotal: c.total, threshold: settings.threshold))
    }
    notes.append(
      "Outcome counts: compared by the rate of outcomes graded 'forbidden' (change in percentage points, "
        + "95% Newcombe interval); the threshold is read as percentage points.")
  }

  private static func forbiddenCounts(_ file: ResultFile, keyColumns: [String]) throws(InvalidValue)
    -> (order: [RowKey], counts: [RowKey: (forbidden: Int, total: Int)])
  {
    var order: [RowKey] = []
    var counts: [RowKey: (forbidden: Int, total: Int)] = [:]
    let table = file.table
    let countIndex = table.columns.firstIndex(of: "count")!
    let gradeIndex = table.columns.firstIndex(of: "grade")!
    for (line, row) in table.rows.enumerated() {
      guard let count = Int(row[countIndex]), count >= 0 else {
        throw InvalidValue("\(file.path): line \(line + 2): count '\(row[countIndex])' is not a whole number")
      }
      let key = RowKey(row: row, columns: table.columns, keyColumns: keyColumns, ignored: [])
      if counts[key] == nil { order.append(key) }
      counts[key, default: (0, 0)].total += count
      if row[gradeIndex] == "forbidden" { counts[key, default: (0, 0)].forbidden += count }
    }
    return (order, counts)
  }

  // MARK: - Pairing

  private struct KeyIndex {
    var order: [RowKey] = []
    var rows: [RowKey: [Int]] = [:]
  }

  private static func index(_ file: ResultFile, keyColumns: [String]) -> KeyIndex {
    var index = KeyIndex()
    for (position, row) in file.table.rows.enumerated() {
      let key = RowKey(row: row, columns: file.table.columns, keyColumns: keyColumns, ignored: [])
      if index.rows[key] == nil { index.order.append(key) }
      index.rows[key, default: []].append(position)
    }
    return index
  }

  private mutating func pairKeys(before: KeyIndex, now: KeyIndex) {
    baselineRows = before.order.count
    currentRows = now.order.count
    pairedRows = before.order.filter { before.rows[$0]!.count == 1 && now.rows[$0]?.count == 1 }.count
    differingColumns = keyColumns.filter { column in
      column != "metric"
        && Set(before.order.map { $0.values[column] ?? "" }) != Set(now.order.map { $0.values[column] ?? "" })
    }
    let ambiguous = "several rows share these values once the ignored columns are left out"
    for key in before.order {
      if before.rows[key]!.count > 1 {
        unpaired.append(UnpairedRow(side: .baseline, key: key, reason: ambiguous))
      } else if now.rows[key] == nil {
        unpaired.append(UnpairedRow(side: .baseline, key: key, reason: "no row with these values in the current run"))
      }
    }
    for key in now.order {
      if now.rows[key]!.count > 1 {
        unpaired.append(UnpairedRow(side: .current, key: key, reason: ambiguous))
      } else if before.rows[key] == nil {
        unpaired.append(UnpairedRow(side: .current, key: key, reason: "no row with these values in the baseline"))
      }
    }
  }

  private mutating func addWarnings(_ baseline: ComparisonSide, _ current: ComparisonSide) {
    for (side, run) in [("baseline", baseline), ("current run", current)] {
      if run.hasIncomparableRows {
        warnings.append(
          "The \(side) (\(run.summary.path)) has rows marked comparable=false: a debug or sanitizer build, "
            + "whose times say little about a release build.")
      }
      if run.hasPartialRows {
        warnings.append("The \(side) (\(run.summary.path)) has rows marked partial=true: it stopped early.")
      }
    }
    if baseline.machines != current.machines, !baseline.machines.isEmpty, !current.machines.isEmpty {
      warnings.append(
        "The runs come from different machines (\(baseline.machines.joined(separator: ", ")) against "
          + "\(current.machines.joined(separator: ", "))): the changes include the machines' difference.")
    }
  }

  private static func union(_ first: [String], _ second: [String]) -> [String] {
    first + second.filter { !first.contains($0) }
  }
}
