import BenchKit
import BuildSettingsSupport

/// The build-settings suite's results: one CSV row per setting and measure,
/// and the headline printed per setting.
///
/// Every run-time measure is the median of the driver's iterations, with
/// their minimum and maximum beside it as the run's noise. A placement is
/// the stage's most frequent placement, with the share of the stage's
/// probes that saw it as the value (1 when every probe agreed).
struct BuildSettingsTable {
  static let columns = ["setting", "title", "flags", "measure", "value", "unit", "min", "max", "n", "detail"]
  static let headlineColumns = [
    "setting", "builds", "guide text e/w", "measured e/w", "decoding runs on", "…awaited from an actor",
    "decodes overlap", "main gap, 1 load",
    "main gap, N loads", "60 Hz missed, N", "async let speedup", "loads/s",
  ]

  private(set) var rows = ResultTable(columns: columns)
  private(set) var headline = ResultTable(columns: headlineColumns)
  private(set) var notes: [String] = []

  init(builds: [RungBuilder.Build], reports: [String: DriverReport], plan: BuildSettingsPlan, compiler: SwiftCompiler) {
    notes.append(
      "compiler: \(compiler.version); \(plan.iterations) rounds per setting, \(plan.posts) posts per response")
    for build in builds {
      let rung = build.rung
      func add(
        _ measure: String, _ value: Double, unit: String, range: (Double, Double)? = nil, n: Int = 1,
        detail: String = ""
      ) {
        rows.append([
          rung.id, rung.title, rung.flagText, measure, CellFormat.number(value), unit,
          range.map { CellFormat.number($0.0) } ?? "", range.map { CellFormat.number($0.1) } ?? "", String(n), detail,
        ])
      }
      add("guide_text_builds", build.asWrittenBuilds ? 1 : 0, unit: "bool")
      add("guide_text_errors", Double(build.asWritten.errors), unit: "count", detail: build.asWritten.kindSummary)
      add("guide_text_warnings", Double(build.asWritten.warnings), unit: "count")
      add("builds", build.driver != nil ? 1 : 0, unit: "bool")
      add("errors", Double(build.scene.errors), unit: "count", detail: build.scene.kindSummary)
      add("warnings", Double(build.scene.warnings), unit: "count")
      if build.driver == nil {
        notes.append("\(rung.id) does not build: \(RungBuilder.firstLines(Self.text(of: build.scene)))")
      }
      let guideErrors = "\(build.asWritten.errors)/\(build.asWritten.warnings)"
      let measuredErrors = "\(build.scene.errors)/\(build.scene.warnings)"
      guard let report = reports[rung.id] else {
        headline.append([
          rung.id, build.driver != nil ? "yes" : "no", guideErrors, measuredErrors, "", "", "", "", "", "", "", "",
        ])
        continue
      }

      var decoding = ""
      for stage in Stage.allCases {
        let placement = Self.placement(of: report.stages.filter { $0.stage == stage })
        add(
          "placement_\(stage.rawValue)", placement.share, unit: "share", n: placement.count, detail: placement.text)
        if stage == .decoding { decoding = placement.text }
      }
      let sequential = Self.placement(of: report.sequentialStages.filter { $0.stage == .decoding })
      add(
        "placement_decoding_awaited_from_actor", sequential.share, unit: "share", n: sequential.count,
        detail: sequential.text)

      let ms = { (values: [Double]) in values.map { $0 / 1e6 } }
      let decodes = report.stages.filter { $0.stage == .decoding }
      _ = addSeries("decode_ms", ms(decodes.map { Double($0.endNanoseconds - $0.startNanoseconds) }), unit: "ms")
      let overlap = addSeries("decode_overlap_share", Self.overlaps(ofPairs: decodes), unit: "share")
      func addSeries(_ measure: String, _ values: [Double], unit: String) -> Double {
        let median = Self.median(values)
        add(measure, median, unit: unit, range: (values.min() ?? .nan, values.max() ?? .nan), n: values.count)
        return median
      }
      _ = addSeries("one_load_ms", ms(report.oneLoadNanoseconds), unit: "ms")
      let gapOne = addSeries("main_gap_one_load_ms", ms(report.oneLoadGaps.map { $0.heartbeat.max() ?? 0 }), unit: "ms")
      _ = addSeries(
        "frames_missed_60hz_one_load", report.oneLoadGaps.map { Self.missed($0.hertz60, hertz: 60) }, unit: "frames")
      _ = addSeries(
        "frames_missed_120hz_one_load", report.oneLoadGaps.map { Self.missed($0.hertz120, hertz: 120) }, unit: "frames")
      let gapN = addSeries(
        "main_gap_n_loads_ms", ms(report.concurrentLoadsGaps.map { $0.heartbeat.max() ?? 0 }), unit: "ms")
      let missedN = addSeries(
        "frames_missed_60hz_n_loads", report.concurrentLoadsGaps.map { Self.missed($0.hertz60, hertz: 60) },
        unit: "frames")
      _ = addSeries(
        "frames_missed_120hz_n_loads", report.concurrentLoadsGaps.map { Self.missed($0.hertz120, hertz: 120) },
        unit: "frames")
      _ = addSeries("n_loads_ms", ms(report.concurrentLoadsNanoseconds), unit: "ms")
      let throughput = addSeries(
        "throughput_loads_per_s", report.concurrentLoadsNanoseconds.map { Double(report.concurrentLoads) / ($0 / 1e9) },
        unit: "loads/s")
      _ = addSeries("sequential_ms", ms(report.sequentialNanoseconds), unit: "ms")
      _ = addSeries("async_let_ms", ms(report.asyncLetNanoseconds), unit: "ms")
      let speedup = addSeries(
        "async_let_speedup", zip(report.sequentialNanoseconds, report.asyncLetNanoseconds).map { $0 / $1 }, unit: "x")
      headline.append([
        rung.id, "yes", guideErrors, measuredErrors, decoding, sequential.text, CellFormat.fixed(overlap, digits: 2),
        CellFormat.time(nanoseconds: gapOne * 1e6),
        CellFormat.time(nanoseconds: gapN * 1e6), CellFormat.number(missedN), CellFormat.ratio(speedup),
        CellFormat.fixed(throughput, digits: 0),
      ])
    }
    notes.append(
      "guide text e/w: errors/warnings of the guides' text; measured e/w: of the measured text, whose two protocols refine Sendable (docs/build-settings.md)"
    )
    notes.append(
      "decoding runs on: inside the interactor's async let; …awaited from an actor: the worker's fetches awaited one after the other from an actor; decodes overlap: the share of the shorter of a load's two decodings that ran while the other did (median)"
    )
    notes.append(
      "main gap: longest gap of a 1 ms main-actor heartbeat; N = 4 loads at once, each through its own scene; medians of the rounds, min and max in the CSV"
    )
  }

  /// The most frequent placement of `records`, its share and a text naming every placement seen.
  static func placement(of records: [StageRecord]) -> (share: Double, count: Int, text: String) {
    guard !records.isEmpty else { return (.nan, 0, "not reached") }
    var counts: [Placement: Int] = [:]
    for record in records { counts[record.placement, default: 0] += 1 }
    let ranked = counts.sorted {
      $0.value > $1.value || ($0.value == $1.value && $0.key.description < $1.key.description)
    }
    let text =
      ranked.count == 1
      ? ranked[0].key.description
      : ranked.map { "\($0.key) \($0.value)/\(records.count)" }.joined(separator: ", ")
    return (Double(ranked[0].value) / Double(records.count), records.count, text)
  }

  /// For each load's two decodings (user and posts, consecutive pairs of
  /// `records`), how much of the shorter one ran while the other did: 0 when
  /// they ran one after the other, 1 when one ran entirely inside the other.
  static func overlaps(ofPairs records: [StageRecord]) -> [Double] {
    stride(from: 0, to: records.count - 1, by: 2).map { index in
      let (first, second) = (records[index], records[index + 1])
      let shared =
        min(first.endNanoseconds, second.endNanoseconds) - max(first.startNanoseconds, second.startNanoseconds)
      let shorter = min(first.endNanoseconds - first.startNanoseconds, second.endNanoseconds - second.startNanoseconds)
      return shorter > 0 ? Double(max(shared, 0)) / Double(shorter) : 0
    }
  }

  /// Frames a frame loop at `hertz` missed over its gaps, by ``FrameGaps``' rule.
  static func missed(_ gaps: [Double], hertz: Int) -> Double {
    Double(
      FrameGaps(gaps: gaps.map { .nanoseconds(Int64($0)) }, period: FrameTicker.period(hertz: hertz)).droppedFrames)
  }

  static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    var copy = values
    return Statistics.median(reordering: &copy)
  }

  /// The diagnostics as compiler-like lines, for ``RungBuilder/firstLines(_:)``.
  static func text(of diagnostics: CompilerDiagnostics) -> String {
    diagnostics.diagnostics.map { "\($0.location): \($0.severity.rawValue): \($0.message)" }.joined(separator: "\n")
  }
}
