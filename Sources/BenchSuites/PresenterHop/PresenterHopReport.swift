import BenchKit
import HopProbes

/// The tables and notes of a `presenter-hop` run: the summary with ratios to
/// the floor, a headline, and the findings in words.
struct PresenterHopReport {
  let summary: ResultTable
  /// One row per variant, each with its leading figure (``compactMetric(section:)``),
  /// but the frame budgets' and the scene round trips', which are notes.
  let headline: ResultTable
  /// The guide's call against the floor, the frame budgets, and a loaded machine's warning.
  let notes: [String]
  /// Several rows per variant, one per metric the section shows.
  let verboseHeadline: ResultTable
  /// Every finding in words.
  let verboseNotes: [String]
  let consistency: StampConsistency

  init(
    run: RunResult,
    loads: [(FrameLoadSpec, MainActorFrameLoad.Report)],
    systemLoad: (before: SystemLoad?, after: SystemLoad?),
    environment: BenchEnvironment,
    bootstrap: BootstrapConfiguration
  ) {
    let ratios = FloorRatioTable(run: run, floorVariant: PresenterHopCoreSection.floorTitle, bootstrap: bootstrap)
    summary = ratios.summary
    consistency = StampConsistency(run: run)
    verboseHeadline = Self.headline(
      run: run, ratios: ratios, bootstrap: bootstrap, comparable: environment.isComparable)
    var notes = PresenterHopFindings(
      run: run, ratios: ratios, loads: loads, systemLoad: systemLoad, environment: environment
    ).lines
    notes.insert(consistency.summaryLine, at: min(notes.count, PresenterHopFindings.headlineLineCount(environment)))
    verboseNotes = notes
    headline = Self.compactHeadline(
      run: run, ratios: ratios, bootstrap: bootstrap, comparable: environment.isComparable)
    var compactNotes = notes.filter {
      $0.hasPrefix("Guide's call") || ($0.hasPrefix("System load") && $0.contains("WARNING"))
    }
    let budgets = run.variants.filter { $0.metrics.first?.metric == "hops_per_frame" }.map { variant in
      let label = variant.name.replacingOccurrences(of: "guide calls completed in one frame, ", with: "")
      return "\(label) \(CellFormat.fixed(variant.primary.summary(bootstrap: bootstrap).p50, digits: 0))"
    }
    let trips = run.variants.filter { $0.parameters.contains { $0.name == "section" && $0.value == "scene" } }
    if !trips.isEmpty {
      let cells = trips.map { variant in
        let interactor = variant.parameters.first { $0.name == "mechanism" }?.value ?? variant.name
        return "\(interactor) \(CompactCell.median(variant.primary.summary(bootstrap: bootstrap)))"
      }
      compactNotes.append(
        "Tap to display through each interactor, instant network, 10 posts (round trip p50): "
          + cells.joined(separator: ", ") + ".")
    }
    if !budgets.isEmpty {
      compactNotes.append("Guide calls completed in one frame (p50): " + budgets.joined(separator: "; ") + ".")
    }
    if !consistency.violations.isEmpty { compactNotes.append(consistency.summaryLine) }
    self.notes = compactNotes
  }

  /// The figure each section's row shows in the compact headline.
  static func compactMetric(section: String) -> String? {
    switch section {
    case "floor", "payload": "round_trip_ns"
    case "mechanism": "hop_ns"
    case "batch": "per_present_ns"
    case "concurrency": "slowest_one_way_ns"
    case "busy-main": "one_way_ns"
    default: nil
    }
  }

  /// One row per variant: its leading figure, the median with its interval,
  /// and the ratio to the floor. The frame-budget variants and the scene
  /// round trips are left to one note line each.
  private static func compactHeadline(
    run: RunResult, ratios: FloorRatioTable, bootstrap: BootstrapConfiguration, comparable: Bool
  ) -> ResultTable {
    var table = ResultTable(columns: [
      "variant", "figure", "n", "p50 ±95% CI", comparable ? "x floor [95% CI]" : "x floor (NOT COMPARABLE)",
    ])
    for variant in run.variants {
      let section = variant.parameters.first { $0.name == "section" }?.value ?? ""
      guard let metric = compactMetric(section: section), let samples = variant.samples(of: metric) else { continue }
      let ratio = ratios.ratios[variant.name]?[metric].map(CompactCell.ratio)
      table.append([
        variant.name, metric.replacingOccurrences(of: "_ns", with: ""), String(samples.values.count),
        CompactCell.median(samples.summary(bootstrap: bootstrap)), section == "floor" ? "1 (floor)" : ratio ?? "",
      ])
    }
    return table
  }

  /// The metrics each section shows in the headline (all are in the CSV).
  static func headlineMetrics(section: String, mechanism: String) -> [String] {
    switch section {
    case "floor": ["one_way_ns", "round_trip_ns"]
    case "mechanism" where mechanism == HopMechanism.guideAwait.rawValue: HopSample.metricNames
    case "mechanism": ["one_way_ns", "round_trip_ns", "hop_ns"]
    case "payload": HopSample.metricNames
    case "batch": ["per_present_ns"]
    case "concurrency": ["slowest_one_way_ns", "per_present_ns"]
    case "busy-main": ["one_way_ns", "frame_wait_ns", "hop_after_wait_ns", "round_trip_ns", "hops_per_frame"]
    case "scene": ["round_trip_ns"]
    default: []
    }
  }

  /// The printed table; in a debug or sanitizer build its ratio column says
  /// that the figures are not comparable.
  private static func headline(
    run: RunResult, ratios: FloorRatioTable, bootstrap: BootstrapConfiguration, comparable: Bool
  ) -> ResultTable {
    var table = ResultTable(columns: [
      "variant", "metric", "n", "p50", "p90", "p99", "p99.9", "p50 95% CI",
      comparable ? "x floor [95% CI]" : "x floor (NOT COMPARABLE)",
    ])
    for variant in run.variants {
      let section = variant.parameters.first { $0.name == "section" }?.value ?? ""
      let mechanism = variant.parameters.first { $0.name == "mechanism" }?.value ?? ""
      for metric in headlineMetrics(section: section, mechanism: mechanism) {
        guard let samples = variant.samples(of: metric) else { continue }
        let stats = samples.summary(bootstrap: bootstrap)
        let format: (Double) -> String =
          metric.hasSuffix("_ns") ? { CellFormat.time(nanoseconds: $0) } : { CellFormat.fixed($0, digits: 0) }
        let ratio = ratios.ratios[variant.name]?[metric].map { estimate in
          "\(CellFormat.ratio(estimate.ratio)) [\(CellFormat.fixed(estimate.interval.lower, digits: 2))–"
            + "\(CellFormat.fixed(estimate.interval.upper, digits: 2))]"
        }
        table.append([
          variant.name, metric, String(stats.count),
          format(stats.p50), format(stats.p90), format(stats.p99), format(stats.p999),
          "\(format(stats.medianInterval.lower))–\(format(stats.medianInterval.upper))",
          section == "floor" ? "1 (floor)" : ratio ?? "",
        ])
      }
    }
    return table
  }
}
