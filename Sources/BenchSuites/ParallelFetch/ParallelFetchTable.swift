import BenchKit

/// The tables and notes of a `parallel-fetch` run: the run's summary with
/// speedups against sequential, and a compact headline.
struct ParallelFetchTable {
  /// Columns added to the summary; filled on `elapsed_ns` rows of fetch cases.
  static let speedupColumns = ["speedup", "speedup_ci_low", "speedup_ci_high", "ideal_speedup"]

  let summary: ResultTable
  let headline: ResultTable
  let notes: [String]

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
    self.headline = headline
    self.notes = notes
  }

  private static func median(_ values: [Double]) -> Double {
    values.isEmpty ? .nan : Statistics.percentile(0.5, ofSorted: values.sorted())
  }
}
