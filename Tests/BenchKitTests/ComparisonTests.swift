import BenchKit
import Testing

@Suite struct ComparisonTests {
  typealias F = ComparisonFixtures

  static func compare(
    _ baseline: ComparisonSide, _ current: ComparisonSide, settings: ComparisonSettings = ComparisonSettings()
  ) throws -> TableComparison {
    try TableComparison(baseline: baseline, current: current, settings: settings)
  }

  @Test func rowsPairByVariantParametersAndMetricNotByStatisticsOrEnvironment() throws {
    let baseline = F.side([("a", "2", F.tight(1000)), ("a", "4", F.tight(2000))], host: "one")
    let current = F.side([("a", "4", F.tight(2000)), ("a", "2", F.tight(1000))], host: "two", path: "cur/suite.csv")
    let result = try Self.compare(baseline, current)
    #expect(result.keyColumns == ["variant", "routes", "metric"])
    #expect(
      result.changes.map(\.key.values) == [
        ["variant": "a", "routes": "2", "metric": "elapsed_ns"],
        ["variant": "a", "routes": "4", "metric": "elapsed_ns"],
      ])
    #expect(result.changes.map(\.verdict) == [.unchanged, .unchanged])
    #expect(result.unpaired.isEmpty)
    #expect(result.warnings.count == 1)
    #expect(result.warnings[0].hasPrefix("The runs come from different machines (one (Example CPU)"))
  }

  @Test(arguments: [
    (1.2, ChangeVerdict.regressed),
    (1.0, .unchanged),
    (0.8, .improved),
    (1.03, .unchanged),
  ])
  func changesAreJudgedAgainstTheThreshold(factor: Double, verdict: ChangeVerdict) throws {
    let result = try Self.compare(
      F.side([("a", "2", F.tight(1000))]), F.side([("a", "2", F.tight(1000 * factor))]))
    #expect(result.changes.count == 1)
    #expect(result.changes[0].verdict == verdict)
    #expect(result.changes[0].change.method == .bootstrap)
    #expect(abs(result.changes[0].change.change - (factor - 1)) < 1e-9)
  }

  @Test(arguments: [
    (0.07, 0.05, ChangeVerdict.regressed), (0.03, 0.05, .unchanged), (0.04, 0.06, .tooNoisy),
    (-0.07, -0.06, .improved), (-0.06, 0.06, .tooNoisy), (-0.05, 0.05, .unchanged),
    (Double.nan, 0.1, .tooNoisy),
  ])
  func verdictRules(lower: Double, upper: Double, verdict: ChangeVerdict) {
    let interval = ConfidenceInterval(lower: lower, upper: upper, level: 0.95)
    #expect(ChangeVerdict.judge(interval, threshold: 0.05) == verdict)
  }

  @Test func anIntervalThatStraddlesTheThresholdIsTooNoisyToTell() throws {
    let result = try Self.compare(F.side([("a", "2", F.spread(1000))]), F.side([("a", "2", F.spread(1060))]))
    #expect(result.changes[0].verdict == .tooNoisy)
    #expect(result.changes[0].change.interval.lower < 0.05)
    #expect(result.changes[0].change.interval.upper > 0.05)
  }

  @Test func rowsWithoutAPartnerAreReportedOnBothSides() throws {
    let result = try Self.compare(
      F.side([("a", "2", F.tight(1000)), ("gone", "2", F.tight(1000))]),
      F.side([("a", "2", F.tight(1000)), ("new", "8", F.tight(1000))]))
    #expect(result.changes.count == 1)
    #expect(
      result.unpaired == [
        UnpairedRow(
          side: .baseline, key: RowKey(values: ["variant": "gone", "routes": "2", "metric": "elapsed_ns"]),
          reason: "no row with these values in the current run"),
        UnpairedRow(
          side: .current, key: RowKey(values: ["variant": "new", "routes": "8", "metric": "elapsed_ns"]),
          reason: "no row with these values in the baseline"),
      ])
  }

  @Test func ignoredColumnsLetRunsThatDifferOnPurposePair() throws {
    let baseline = F.side([("a, 5 ms", "2", F.tight(5000))])
    let current = F.side([("a, 6 ms", "2", F.tight(6000))])
    #expect(try Self.compare(baseline, current).changes.isEmpty)
    let result = try Self.compare(baseline, current, settings: ComparisonSettings(ignoredColumns: ["variant"]))
    #expect(result.keyColumns == ["routes", "metric"])
    #expect(result.changes.map(\.verdict) == [.regressed])
    #expect(result.changes[0].variant == "a, 6 ms")
  }

  @Test func rowsThatBecomeAmbiguousWhenIgnoringAreNotPaired() throws {
    let side = F.side([("a", "2", F.tight(1000)), ("b", "2", F.tight(1000))])
    let result = try Self.compare(side, side, settings: ComparisonSettings(ignoredColumns: ["variant"]))
    #expect(result.changes.isEmpty)
    #expect(result.unpaired.map(\.side) == [.baseline, .current])
    #expect(result.unpaired.allSatisfy { $0.reason.hasPrefix("several rows share these values") })
  }

  @Test func withoutSamplesTheSummaryIntervalsAreUsedAndSaidSo() throws {
    let result = try Self.compare(
      F.side([("a", "2", F.tight(1000))], withSamples: false), F.side([("a", "2", F.tight(1300))]))
    #expect(result.changes[0].change.method == .summaryIntervals)
    #expect(result.changes[0].verdict == .regressed)
    #expect(
      result.notes.first
        == "No samples for the baseline (base/suite-samples.csv is missing): intervals come from the summaries' "
        + "p50 intervals, which are wider than a bootstrap.")
  }

  @Test func metricsThatAreNotTimesAreSkippedWithANote() throws {
    let side = F.side([("a", "2", F.tight(1000))], extraMetric: true)
    let result = try Self.compare(side, side)
    #expect(result.changes.map(\.metric) == ["elapsed_ns"])
    #expect(
      result.notes == [
        "Not compared: hops_per_frame (only times, metrics ending in _ns, lower is better, are judged)."
      ])
  }

  @Test func incomparableRowsAreWarnedAboutAndDoNotFailUnlessAllowed() throws {
    let baseline = F.side([("a", "2", F.tight(1000))], comparable: false)
    let current = F.side([("a", "2", F.tight(1500))])
    let table = try Self.compare(baseline, current)
    #expect(table.isIncomparable)
    #expect(table.warnings.first?.contains("has rows marked comparable=false") == true)
    let inputs = ComparisonInputs(pairs: [
      .init(name: "suite.csv", baseline: "base/suite.csv", current: "base/suite.csv")
    ])
    let report = ComparisonReport(tables: [table], inputs: inputs, settings: ComparisonSettings())
    #expect(report.exitCode == .success)
    #expect(
      report.errors.hasSuffix(
        "Not failing: the 1 regression(s) are in rows marked comparable=false; "
          + "pass --allow-incomparable to fail on them.\n"))
    let allowed = ComparisonReport(
      tables: [table], inputs: inputs, settings: ComparisonSettings(allowIncomparable: true))
    #expect(allowed.exitCode == .performanceRegression)
  }

  @Test func differentShapesAreAnError() throws {
    let other = ComparisonSide(summary: ResultFile(path: "cur/x.csv", table: ResultTable(columns: ["a", "b"])))
    #expect(
      throws: InvalidValue(
        "cur/x.csv: not the same kind of table as base/suite.csv (an unknown table against a summary table)")
    ) {
      try Self.compare(F.side([("a", "2", F.tight(1000))]), other)
    }
  }

  @Test func outcomeCountsCompareForbiddenOutcomes() throws {
    func side(_ forbidden: Int, seed: String) -> ComparisonSide {
      let columns = ["variant", "mode", "outcome", "count", "frequency", "grade", "seed", "comparable"]
      let rows = [
        ["seed scene", "stress", "latest-only", String(1000 - forbidden), "0.9", "acceptable", seed, "true"],
        ["seed scene", "stress", "stale-flash", String(forbidden), "0.1", "forbidden", seed, "true"],
        ["fixed scene", "stress", "latest-only", "1000", "1", "acceptable", seed, "true"],
        ["fixed scene", "stress", "stale-flash", "0", "0", "forbidden", seed, "true"],
        ["seed scene", "systematic", "latest-only", "96", "1", "acceptable", seed, "true"],
        ["seed scene", "systematic", "stale-flash", "0", "0", "forbidden", seed, "true"],
      ]
      return ComparisonSide(summary: ResultFile(path: "r.csv", table: ResultTable(columns: columns, rows: rows)))
    }
    let result = try Self.compare(side(0, seed: "1"), side(12, seed: "1"))
    #expect(result.keyColumns == ["variant", "mode", "seed"])
    #expect(result.outcomeChanges.map(\.verdict) == [.regressed, .unchanged, .unchanged])
    #expect(result.outcomeChanges.map { $0.key.values["mode"] } == ["stress", "stress", "systematic"])
    #expect(result.outcomeChanges[0].currentForbidden == 12)
    #expect(result.outcomeChanges[0].currentTotal == 1000)
    #expect(try Self.compare(side(200, seed: "1"), side(10, seed: "1")).outcomeChanges[0].verdict == .improved)
    #expect(try Self.compare(side(300, seed: "1"), side(300, seed: "1")).outcomeChanges[0].verdict == .unchanged)
    #expect(try Self.compare(side(300, seed: "1"), side(350, seed: "1")).outcomeChanges[0].verdict == .tooNoisy)
    #expect(try Self.compare(side(100, seed: "1"), side(300, seed: "1")).outcomeChanges[0].verdict == .regressed)
    #expect(try Self.compare(side(0, seed: "1"), side(0, seed: "2")).outcomeChanges.isEmpty)
  }
}
