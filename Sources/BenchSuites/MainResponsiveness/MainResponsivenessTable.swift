import BenchKit

/// The tables and notes of a `main-responsiveness` run: the summary with the
/// pooled frame gaps, every gap, and a compact headline.
struct MainResponsivenessTable {
  let summary: ResultTable
  let frames: ResultTable
  let headline: ResultTable
  let notes: [String]

  /// - Parameters:
  ///   - run: the interleaved run.
  ///   - cases: the cases, in the run's variant order.
  ///   - gaps: every load's frame gaps by variant, warm-up loads first.
  ///   - bootstrap: how to draw confidence intervals.
  init(
    run: RunResult, cases: [MainResponsivenessCase], gaps: [String: [[Duration]]], bootstrap: BootstrapConfiguration
  ) {
    let specs = Dictionary(cases.map { ($0.title, $0) }, uniquingKeysWith: { first, _ in first })
    let (pooledRun, frames) = run.pooling(
      gaps.mapValues { $0.map { $0.map(\.nanoseconds) } }, as: "frame_gap_ns", innerColumn: "frame",
      valueColumns: ["gap_ns", "dropped_frames"]
    ) { variant, gap in
      let dropped = specs[variant.name].map {
        String(FrameGaps.droppedFrames(gap: .nanoseconds(Int64(gap)), period: $0.period))
      }
      return [CellFormat.number(gap), dropped ?? ""]
    }
    self.summary = pooledRun.summaryTable(bootstrap: bootstrap)
    self.frames = frames

    var headline = ResultTable(columns: [
      "placement", "Hz", "posts", "loads", "load p50", "gap p50", "gap p99", "gap max", "dropped/load",
      "loads with drops",
    ])
    var rows: [MainResponsivenessCase: Row] = [:]
    for spec in cases {
      guard let variant = pooledRun.variant(named: spec.title), let row = Row(variant, bootstrap: bootstrap) else {
        continue
      }
      rows[spec] = row
      headline.append([
        spec.placement.rawValue, String(spec.hertz), String(spec.posts), String(row.loads),
        CellFormat.time(nanoseconds: row.loadP50), CellFormat.time(nanoseconds: row.gaps.p50),
        CellFormat.time(nanoseconds: row.gaps.p99), CellFormat.time(nanoseconds: row.gaps.max),
        CellFormat.fixed(row.droppedPerLoad, digits: 2), "\(row.loadsWithDrops)/\(row.loads)",
      ])
    }
    self.headline = headline

    var notes = [
      "A frame is dropped when the gap between two ticks exceeds 1.5 frame budgets; a gap drops "
        + "round(gap / budget) - 1 frames. Frame budgets: 16.67 ms at 60 Hz, 8.33 ms at 120 Hz."
    ]
    for hertz in Set(cases.map(\.hertz)).sorted() {
      for posts in Set(cases.map(\.posts)).sorted() {
        let group = cases.filter { $0.hertz == hertz && $0.posts == posts }
        let described = group.compactMap { spec in
          rows[spec].map { row in
            "\(spec.placement.rawValue) \(CellFormat.fixed(row.droppedPerLoad, digits: 2)) "
              + "(longest \(CellFormat.time(nanoseconds: row.gaps.max)))"
          }
        }
        guard !described.isEmpty else { continue }
        notes.append("\(hertz) Hz, \(posts) posts, dropped frames per load: \(described.joined(separator: ", ")).")
      }
    }
    for variant in run.variants where variant.samples(of: "decode_ns") != nil {
      guard let decode = variant.samples(of: "decode_ns"), let format = variant.samples(of: "format_ns"),
        let bytes = variant.samples(of: "payload_bytes")?.values.first, !decode.values.isEmpty
      else { continue }
      let posts = variant.parameters.first { $0.name == "posts" }?.value ?? "?"
      notes.append(
        "\(posts) posts (\(CellFormat.fixed(bytes / 1e6, digits: 2)) MB of posts JSON), alone off the main actor: "
          + "decoding \(CellFormat.time(nanoseconds: Self.median(decode.values))), the presenter's formatting "
          + "\(CellFormat.time(nanoseconds: Self.median(format.values))) (medians of \(decode.values.count)).")
    }
    self.notes = notes
  }

  private static func median(_ values: [Double]) -> Double {
    values.isEmpty ? .nan : Statistics.percentile(0.5, ofSorted: values.sorted())
  }

  /// The headline figures of one variant.
  private struct Row {
    var loads: Int
    var loadP50: Double
    var gaps: Summary
    var droppedPerLoad: Double
    var loadsWithDrops: Int

    init?(_ variant: VariantResult, bootstrap: BootstrapConfiguration) {
      guard let load = variant.samples(of: "load_ns"), let dropped = variant.samples(of: "dropped_frames"),
        let gaps = variant.samples(of: "frame_gap_ns"), !load.values.isEmpty
      else { return nil }
      loads = load.values.count
      loadP50 = load.summary(bootstrap: bootstrap).p50
      self.gaps = gaps.summary(bootstrap: bootstrap)
      droppedPerLoad = Statistics.mean(dropped.values)
      loadsWithDrops = dropped.values.filter { $0 > 0 }.count
    }
  }
}
