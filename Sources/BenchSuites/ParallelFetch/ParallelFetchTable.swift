import BenchKit

/// The tables and notes of a `parallel-fetch` run: the run's summary with
/// speedups against sequential, the compact headline printed by default,
/// and the long one (one row per variant) printed under `--verbose`.
struct ParallelFetchTable {
  /// Columns added to the summary; filled on `elapsed_ns` rows of fetch cases.
  static let speedupColumns = ["speedup", "speedup_ci_low", "speedup_ci_high", "ideal_speedup"]

  let summary: ResultTable
  /// One row per case, the strategies as columns: each cell the median with
  /// its interval's half-width, then `async let`'s speedup over sequential.
  let headline: ResultTable
  /// The scene loads, then the target, in one line each.
  let notes: [String]
  /// One row per variant, with p50, p99, ideal and overhead.
  let verboseHeadline: ResultTable
  /// The scene loads, the mock's calibration and the target, explained.
  let verboseNotes: [String]

  init(run: RunResult, cases: [ParallelFetchCase], sceneLoads: SceneLoadSection?, bootstrap: BootstrapConfiguration) {
    let byTitle = Dictionary(run.variants.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var speedups: [String: (RatioEstimate, Double)] = [:]
    for spec in cases where spec.scenario == .fetch {
      guard let variant = byTitle[spec.title], let baseline = byTitle[spec.sequentialBaseline.title],
        let elapsed = variant.samples(of: "elapsed_ns"), let baselineElapsed = baseline.samples(of: "elapsed_ns"),
        let ideal = variant.samples(of: "ideal_ns"), let baselineIdeal = baseline.samples(of: "ideal_ns")
      else { continue }
      let ratio = RatioEstimate(numerator: baselineElapsed.values, denominator: elapsed.values, bootstrap: bootstrap)
      let idealRatio = Self.median(baselineIdeal.values) / Self.median(ideal.values)
      speedups[spec.title] = (ratio, idealRatio)
    }

    let base = run.summaryTable(bootstrap: bootstrap)
    var summary = ResultTable(columns: base.columns + Self.speedupColumns)
    let variantIndex = base.columns.firstIndex(of: "variant")!
    let metricIndex = base.columns.firstIndex(of: "metric")!
    for row in base.rows {
      var extra = ["", "", "", ""]
      if row[metricIndex] == "elapsed_ns", let (ratio, ideal) = speedups[row[variantIndex]] {
        extra = [ratio.ratio, ratio.interval.lower, ratio.interval.upper, ideal].map(CellFormat.number)
      }
      summary.append(row + extra)
    }
    self.summary = summary

    var headline = ResultTable(columns: [
      "variant", "n", "p50", "p99", "ideal p50", "overhead p50", "speedup [95% CI]",
    ])
    var notes: [String] = []
    for spec in cases {
      guard let variant = byTitle[spec.title], let elapsed = variant.samples(of: "elapsed_ns"),
        let ideal = variant.samples(of: "ideal_ns"), let overhead = variant.samples(of: "overhead_ns")
      else { continue }
      let elapsedSummary = elapsed.summary(bootstrap: bootstrap)
      let speedup = speedups[spec.title].map { ratio, _ in
        "\(CellFormat.ratio(ratio.ratio)) [\(CellFormat.fixed(ratio.interval.lower, digits: 2))–\(CellFormat.fixed(ratio.interval.upper, digits: 2))]"
      }
      headline.append([
        spec.title, String(elapsedSummary.count),
        CellFormat.time(nanoseconds: elapsedSummary.p50), CellFormat.time(nanoseconds: elapsedSummary.p99),
        CellFormat.time(nanoseconds: Self.median(ideal.values)),
        CellFormat.time(nanoseconds: Self.median(overhead.values)),
        spec.scenario == .fetch && spec.strategy != .sequential ? speedup ?? "" : "",
      ])
    }
    for variant in sceneLoads?.variants ?? [] {
      guard let result = byTitle[variant.name], let elapsed = result.samples(of: "elapsed_ns"),
        let ideal = result.samples(of: "ideal_ns"), let overhead = result.samples(of: "overhead_ns")
      else { continue }
      let elapsedSummary = elapsed.summary(bootstrap: bootstrap)
      headline.append([
        variant.name, String(elapsedSummary.count),
        CellFormat.time(nanoseconds: elapsedSummary.p50), CellFormat.time(nanoseconds: elapsedSummary.p99),
        CellFormat.time(nanoseconds: Self.median(ideal.values)),
        CellFormat.time(nanoseconds: Self.median(overhead.values)), "",
      ])
    }
    if let sceneLoads, !sceneLoads.variants.isEmpty {
      notes.append(
        "Scene loads: tap to display through each registered interactor, user and posts at "
          + "\(sceneLoads.latency.parseableDescription) each; the ideal is the slower request, so an interactor "
          + "that fetches the two in sequence shows about one more request of overhead.")
    }
    for variant in run.variants where variant.metrics.first?.metric == "overshoot_ns" {
      let overshoot = variant.metrics[0].summary(bootstrap: bootstrap)
      notes.append(
        "\(variant.name): the mock overshoots by \(CellFormat.time(nanoseconds: overshoot.p50)) at p50 and "
          + "\(CellFormat.time(nanoseconds: overshoot.p99)) at p99 over \(overshoot.count) requests.")
    }
    if let target = cases.first(where: {
      $0.scenario == .fetch && $0.strategy == .asyncLet && $0.routes == 2 && $0.latency == .milliseconds(20)
        && $0.distribution == .fixed
    }), let (ratio, _) = speedups[target.title], let overhead = byTitle[target.title]?.samples(of: "overhead_ns") {
      let medianOverhead = Self.median(overhead.values)
      let met = ratio.ratio >= 1.95 && medianOverhead < 1e6
      notes.append(
        "Target (async let, 2 routes, 20 ms): speedup \(CellFormat.ratio(ratio.ratio)) (needs ≥ 1.95x), "
          + "median overhead \(CellFormat.time(nanoseconds: medianOverhead)) (needs < 1 ms): \(met ? "met" : "NOT met")."
      )
    }
    verboseHeadline = headline
    verboseNotes = notes
    (self.headline, self.notes) = Self.compact(
      cases: cases, byTitle: byTitle, speedups: speedups, sceneLoads: sceneLoads, bootstrap: bootstrap,
      target: notes.last { $0.hasPrefix("Target") })
  }

  /// The compact headline and notes: one row per case, and one line for
  /// the scene loads.
  private static func compact(
    cases: [ParallelFetchCase], byTitle: [String: VariantResult], speedups: [String: (RatioEstimate, Double)],
    sceneLoads: SceneLoadSection?, bootstrap: BootstrapConfiguration, target: String?
  ) -> (ResultTable, [String]) {
    let strategies = FetchStrategy.allCases
    var table = ResultTable(
      columns: ["case (p50 ±95% CI)", "n"] + strategies.map(\.title) + ["async let speedup [95% CI]"])
    var rows: [String] = []
    var cells: [String: [FetchStrategy: String]] = [:]
    var counts: [String: [Int]] = [:]
    var speedup: [String: String] = [:]
    for spec in cases {
      let label = String(spec.title.dropLast(", \(spec.strategy.title)".count))
      guard let elapsed = byTitle[spec.title]?.samples(of: "elapsed_ns") else { continue }
      if cells[label] == nil { rows.append(label) }
      cells[label, default: [:]][spec.strategy] = CompactCell.median(elapsed.summary(bootstrap: bootstrap))
      counts[label, default: []].append(elapsed.values.count)
      if spec.scenario == .fetch, spec.strategy == .asyncLet, let (ratio, _) = speedups[spec.title] {
        speedup[label] = CompactCell.ratio(ratio)
      }
    }
    for label in rows {
      let n = counts[label] ?? []
      let range = n.min() == n.max() ? "\(n.min() ?? 0)" : "\(n.min() ?? 0)–\(n.max() ?? 0)"
      table.append([label, range] + strategies.map { cells[label]?[$0] ?? "" } + [speedup[label] ?? ""])
    }
    var notes: [String] = []
    if let sceneLoads, !sceneLoads.variants.isEmpty {
      let loads = sceneLoads.variants.compactMap { variant -> String? in
        guard let result = byTitle[variant.name], let elapsed = result.samples(of: "elapsed_ns"),
          let interactor = result.parameters.first(where: { $0.name == "strategy" })?.value
        else { return nil }
        return "\(interactor) \(CompactCell.median(elapsed.summary(bootstrap: bootstrap)))"
      }
      notes.append(
        "Scene load, tap to display, user + posts at \(sceneLoads.latency.parseableDescription) each (p50): "
          + loads.joined(separator: ", ") + ".")
    }
    if let target { notes.append(target) }
    return (table, notes)
  }

  private static func median(_ values: [Double]) -> Double {
    values.isEmpty ? .nan : Statistics.percentile(0.5, ofSorted: values.sorted())
  }
}
