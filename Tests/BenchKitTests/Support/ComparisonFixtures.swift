import BenchKit

/// Small summary and samples tables in BenchKit's shapes, for comparison tests.
enum ComparisonFixtures {
  static let environment = ["env_host", "env_cpu", "comparable", "partial"]

  /// Samples tight around `centre` (±2 %), 40 of them.
  static func tight(_ centre: Double) -> [Double] {
    (0..<40).map { centre * (0.98 + 0.001 * Double($0)) }
  }

  /// Samples spread from half to one and a half times `centre`, 40 of them.
  static func spread(_ centre: Double) -> [Double] {
    (0..<40).map { centre * (0.5 + Double($0) / 39) }
  }

  /// A run with one variant per entry of `variants`: name, routes, samples of `elapsed_ns`.
  static func side(
    _ variants: [(name: String, routes: String, samples: [Double])],
    extraMetric: Bool = false,
    comparable: Bool = true,
    host: String = "box",
    path: String = "base/suite.csv",
    withSamples: Bool = true
  ) -> ComparisonSide {
    var summary = ResultTable(
      columns: ["variant", "routes", "metric", "p50", "p50_ci_low", "p50_ci_high", "speedup"] + environment)
    var samples = ResultTable(columns: ["variant", "routes", "iteration", "metric", "value"] + environment)
    let env = [host, "Example CPU", String(comparable), "false"]
    for variant in variants {
      let stats = Summary(of: variant.samples, bootstrap: BootstrapConfiguration(seed: 1))
      summary.append(
        [variant.name, variant.routes, "elapsed_ns"]
          + [stats.p50, stats.medianInterval.lower, stats.medianInterval.upper].map(CellFormat.number) + ["2"] + env)
      if extraMetric {
        summary.append([variant.name, variant.routes, "hops_per_frame", "3", "3", "3", ""] + env)
      }
      for (iteration, value) in variant.samples.enumerated() {
        samples.append(
          [variant.name, variant.routes, String(iteration), "elapsed_ns", CellFormat.number(value)] + env)
      }
    }
    return ComparisonSide(
      summary: ResultFile(path: path, table: summary),
      samples: withSamples
        ? ResultFile(path: path.replacingOccurrences(of: ".csv", with: "-samples.csv"), table: samples) : nil
    )
  }
}
