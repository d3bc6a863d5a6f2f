import BenchKit

/// The tables and notes of a `worker-isolation` run: the summary with the
/// pooled load latencies and the actor's throughput against the struct's,
/// every load, and a compact headline.
struct WorkerIsolationTable {
  /// Columns added to the summary; filled on the actor worker's `loads_per_s` rows.
  static let ratioColumns = ["throughput_vs_struct", "throughput_vs_struct_ci_low", "throughput_vs_struct_ci_high"]

  let summary: ResultTable
  let loads: ResultTable
  let headline: ResultTable
  let notes: [String]

  /// - Parameters:
  ///   - run: the interleaved run.
  ///   - cases: the cases, in the run's variant order.
  ///   - latencies: every load's latency by variant, warm-up batches first.
  ///   - bootstrap: how to draw confidence intervals.
  init(
    run: RunResult, cases: [WorkerIsolationCase], latencies: [String: [[Double]]], bootstrap: BootstrapConfiguration
  ) {
    let (pooledRun, loads) = run.pooling(
      latencies, as: "load_ns", innerColumn: "load", valueColumns: ["latency_ns"]
    ) { _, latency in [CellFormat.number(latency)] }
    self.loads = loads

    var ratios: [WorkerIsolationCase: RatioEstimate] = [:]
    for spec in cases where spec.worker == .actorWorker {
      var baseline = spec
      baseline.worker = .structWorker
      guard let actor = pooledRun.variant(named: spec.title)?.samples(of: "loads_per_s"),
        let structured = pooledRun.variant(named: baseline.title)?.samples(of: "loads_per_s")
      else { continue }
      ratios[spec] = RatioEstimate(numerator: actor.values, denominator: structured.values, bootstrap: bootstrap)
    }

    let base = pooledRun.summaryTable(bootstrap: bootstrap)
    var summary = ResultTable(columns: base.columns + Self.ratioColumns)
    let variantIndex = base.columns.firstIndex(of: "variant")!
    let metricIndex = base.columns.firstIndex(of: "metric")!
    let byTitle = Dictionary(cases.map { ($0.title, $0) }, uniquingKeysWith: { first, _ in first })
    for row in base.rows {
      var extra = ["", "", ""]
      if row[metricIndex] == "loads_per_s", let spec = byTitle[row[variantIndex]], let ratio = ratios[spec] {
        extra = [ratio.ratio, ratio.interval.lower, ratio.interval.upper].map(CellFormat.number)
      }
      summary.append(row + extra)
    }
    self.summary = summary

    var headline = ResultTable(columns: [
      "worker", "posts", "loads", "n", "loads/s p50", "load p50", "load p99", "in flight", "CPU/wall",
      "actor ÷ struct [95% CI]",
    ])
    for spec in cases {
      guard let variant = pooledRun.variant(named: spec.title),
        let throughput = variant.samples(of: "loads_per_s"), !throughput.values.isEmpty,
        let latency = variant.samples(of: "load_ns"), let busy = variant.samples(of: "busy_cores"),
        let inFlight = variant.samples(of: "max_in_flight")
      else { continue }
      let latencySummary = latency.summary(bootstrap: bootstrap)
      let ratio = ratios[spec].map { ratio in
        "\(CellFormat.ratio(ratio.ratio)) [\(CellFormat.fixed(ratio.interval.lower, digits: 2))–"
          + "\(CellFormat.fixed(ratio.interval.upper, digits: 2))]"
      }
      headline.append([
        spec.workerName, String(spec.posts), String(spec.loads), String(throughput.values.count),
        CellFormat.fixed(Self.median(throughput.values), digits: 0),
        CellFormat.time(nanoseconds: latencySummary.p50), CellFormat.time(nanoseconds: latencySummary.p99),
        CellFormat.number(inFlight.values.max() ?? .nan), CellFormat.fixed(Self.median(busy.values), digits: 2),
        ratio ?? "",
      ])
    }
    self.headline = headline

    var notes = [
      "An actor worker's throughput over the struct worker's (medians of loads per second, same posts and loads); "
        + "below 1 means the actor serialised decoding. CPU/wall is how many of the cores the batch kept busy."
    ]
    for posts in Set(cases.map(\.posts)).sorted() {
      let described = cases.filter { $0.posts == posts && $0.worker == .actorWorker }.compactMap { spec in
        ratios[spec].map { "\(spec.loads) loads \(CellFormat.ratio($0.ratio))" }
      }
      guard !described.isEmpty else { continue }
      notes.append("\(posts) posts, actor ÷ struct throughput: \(described.joined(separator: ", ")).")
      guard let most = cases.filter({ $0.posts == posts }).map(\.loads).max() else { continue }
      let compared = WorkerIsolationCase.workers.compactMap { worker -> String? in
        let spec = WorkerIsolationCase(worker: worker, loads: most, posts: posts)
        guard let variant = pooledRun.variant(named: spec.title), let latency = variant.samples(of: "load_ns"),
          let busy = variant.samples(of: "busy_cores"), !latency.values.isEmpty
        else { return nil }
        return "\(spec.workerName) load p50 \(CellFormat.time(nanoseconds: Self.median(latency.values))), "
          + "\(CellFormat.fixed(Self.median(busy.values), digits: 2)) cores busy"
      }
      if compared.count == 2 {
        notes.append("\(posts) posts, \(most) loads at once: \(compared.joined(separator: "; ")).")
      }
    }
    self.notes = notes
  }

  private static func median(_ values: [Double]) -> Double {
    values.isEmpty ? .nan : Statistics.percentile(0.5, ofSorted: values.sorted())
  }
}
