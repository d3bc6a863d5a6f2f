import BenchKit

/// A run's summary table with each time compared with the condition-variable
/// floor measured in the same run.
///
/// The columns are ``RunResult/summaryTable(bootstrap:)``'s, then
/// ``ratioColumns``. A metric is compared with the floor metric that
/// ``floorMetric(for:)`` names: one-way figures with the floor's one-way,
/// round trips and both-ways hops with the floor's round trip. The ratio is
/// of medians, with a bootstrap interval (``RatioEstimate``); other metrics
/// leave the ratio cells empty. Nothing is subtracted from either side.
public struct FloorRatioTable: Sendable {
  /// The columns appended to the summary.
  public static let ratioColumns = ["floor_metric", "ratio_to_floor", "ratio_ci_low", "ratio_ci_high"]

  /// The floor's metric each metric is compared with, or `nil` for none.
  /// - Parameter metric: a metric name, like `hop_ns`.
  /// - Returns: `one_way_ns` or `round_trip_ns`, or `nil`.
  public static func floorMetric(for metric: String) -> String? {
    switch metric {
    case "one_way_ns", "slowest_one_way_ns": "one_way_ns"
    case "round_trip_ns", "hop_ns": "round_trip_ns"
    default: nil
    }
  }

  /// The widened summary, one row per variant and metric.
  public let summary: ResultTable
  /// The ratio of each variant's metric to the floor, keyed by variant name, then metric.
  public let ratios: [String: [String: RatioEstimate]]

  /// Builds the table.
  /// - Parameters:
  ///   - run: the run, the floor variant included.
  ///   - floorVariant: the name of the floor's variant.
  ///   - bootstrap: how to draw the intervals.
  public init(run: RunResult, floorVariant: String, bootstrap: BootstrapConfiguration) {
    let floor = run.variant(named: floorVariant)
    var ratios: [String: [String: RatioEstimate]] = [:]
    for variant in run.variants {
      for samples in variant.metrics {
        guard let floorName = Self.floorMetric(for: samples.metric),
          let floorSamples = floor?.samples(of: floorName)?.values, !floorSamples.isEmpty, !samples.values.isEmpty
        else { continue }
        ratios[variant.name, default: [:]][samples.metric] = RatioEstimate(
          numerator: samples.values, denominator: floorSamples, bootstrap: bootstrap)
      }
    }
    let base = run.summaryTable(bootstrap: bootstrap)
    var summary = ResultTable(columns: base.columns + Self.ratioColumns)
    let variantIndex = base.columns.firstIndex(of: "variant")!
    let metricIndex = base.columns.firstIndex(of: "metric")!
    for row in base.rows {
      let metric = row[metricIndex]
      if let estimate = ratios[row[variantIndex]]?[metric], let floorName = Self.floorMetric(for: metric) {
        summary.append(
          row + [floorName] + [estimate.ratio, estimate.interval.lower, estimate.interval.upper].map(CellFormat.number))
      } else {
        summary.append(row + ["", "", "", ""])
      }
    }
    self.summary = summary
    self.ratios = ratios
  }
}
