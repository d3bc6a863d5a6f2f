import BenchKit
import BuildSettingsSupport

/// The build-settings suite's results: one CSV row per setting, payload and
/// measure, and the headline printed per setting and payload.
///
/// Every run-time measure is the median of the driver's iterations, with
/// their minimum and maximum beside it as the run's noise. A placement is
/// the stage's most frequent placement, with the share of the stage's
/// probes that saw it as the value (1 when every probe agreed). Measures
/// that do not depend on the payload (the builds, the hop, the refetch
/// checker) have an empty `posts` cell; the hop and the checker come from
/// the largest payload's run.
struct BuildSettingsTable {
  static let columns = ["setting", "title", "flags", "posts", "measure", "value", "unit", "min", "max", "n", "detail"]
  static let headlineColumns = [
    "setting", "posts", "builds", "guide text e/w", "measured e/w", "decoding runs on", "…awaited from an actor",
    "decode", "decodes overlapped", "main gap, 1 load", "missed 60/120 Hz, 1", "main gap, N loads",
    "missed 60/120 Hz, N", "async let speedup", "hop 1-way (floor)", "refetch forbidden, CE / URL",
  ]

  private(set) var rows = ResultTable(columns: columns)
  private(set) var headline = ResultTable(columns: headlineColumns)
  private(set) var notes: [String] = []

  init(
    builds: [RungBuilder.Build], reports: [String: [DriverReport]], sweep: [DriverPlan], compiler: SwiftCompiler,
    modules: RungBuilder.PackageModules, sanitizer: String
  ) {
    let plan =
      sweep.last ?? DriverPlan(iterations: 1, posts: 1, concurrentLoads: 1, hopSamples: 0, stressTrials: 0, seed: 0)
    let payloads = sweep.map { String($0.posts) }.joined(separator: ", ")
    notes.append(
      "compiler: \(compiler.version); \(plan.iterations) rounds per setting and payload, payloads of \(payloads) posts per response"
    )
    notes.append(
      "the checker's modules (\(RungBuilder.packageModules.joined(separator: ", "))) took "
        + "\(CellFormat.fixed(modules.compileSeconds, digits: 1)) s to compile (sanitizer: \(sanitizer))"
        + (modules.cached ? ", in an earlier run; this run took them from the cache" : ""))
    var firstMisses: [String] = []
    for build in builds {
      let rung = build.rung
      func add(
        _ measure: String, _ value: Double, unit: String, posts: Int? = nil, range: (Double, Double)? = nil,
        n: Int = 1, detail: String = ""
      ) {
        rows.append([
          rung.id, rung.title, rung.flagText, posts.map(String.init) ?? "", measure, CellFormat.number(value), unit,
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
      guard let runs = reports[rung.id], !runs.isEmpty else {
        headline.append(
          [rung.id, "", build.driver != nil ? "yes" : "no", guideErrors, measuredErrors]
            + Array(repeating: "", count: Self.headlineColumns.count - 5))
        continue
      }

      // The payload-free figures: the hop and the refetch checker.
      let hops = Self.hopFigures(runs.first { !$0.hopRounds.isEmpty }?.hopRounds ?? [])
      for figure in hops {
        add(figure.measure, figure.median, unit: "ns", range: figure.range, n: figure.rounds, detail: figure.detail)
      }
      func hopText(_ hop: String, _ floor: String) -> String {
        guard let hop = hops.first(where: { $0.measure == hop }), let floor = hops.first(where: { $0.measure == floor })
        else { return "" }
        return "\(CellFormat.time(nanoseconds: hop.median)) (\(CellFormat.time(nanoseconds: floor.median)))"
      }
      var forbidden: [String] = []
      for table in runs.first(where: { !$0.refetch.isEmpty })?.refetch ?? [] {
        for row in Self.refetchRows(table) {
          add(row.measure, row.frequency, unit: "share", range: row.interval, n: table.trials, detail: row.detail)
        }
        let forbiddenRange = Self.forbiddenShares(table)
        add(
          "refetch_\(table.cancellationStyle)_forbidden", Self.forbiddenShare(table), unit: "share",
          range: (forbiddenRange.min() ?? .nan, forbiddenRange.max() ?? .nan), n: table.trials,
          detail: "every forbidden outcome; \(table.violations) violations, \(table.notQuiescent) not quiescent")
        forbidden.append(CellFormat.fixed(Self.forbiddenShare(table) * 100, digits: 1) + "%")
      }

      var firstMiss60: Int?
      var firstMiss120: Int?
      for (index, report) in runs.enumerated() {
        let posts = report.posts
        var decoding = ""
        for stage in Stage.allCases {
          let placement = Self.placement(of: report.stages.filter { $0.stage == stage })
          add(
            "placement_\(stage.rawValue)", placement.share, unit: "share", posts: posts, n: placement.count,
            detail: placement.text)
          if stage == .decoding { decoding = placement.text }
        }
        let sequential = Self.placement(of: report.sequentialStages.filter { $0.stage == .decoding })
        add(
          "placement_decoding_awaited_from_actor", sequential.share, unit: "share", posts: posts, n: sequential.count,
          detail: sequential.text)

        func addSeries(_ measure: String, _ values: [Double], unit: String) -> Double {
          let median = Self.median(values)
          add(
            measure, median, unit: unit, posts: posts, range: (values.min() ?? .nan, values.max() ?? .nan),
            n: values.count)
          return median
        }
        let ms = { (values: [Double]) in values.map { $0 / 1e6 } }
        let decodes = report.stages.filter { $0.stage == .decoding }
        let decode = addSeries(
          "decode_ms", ms(decodes.map { Double($0.endNanoseconds - $0.startNanoseconds) }), unit: "ms")
        let overlaps = Self.overlaps(ofPairs: decodes)
        let overlapped = Self.overlappedRounds(overlaps)
        add(
          "decodes_overlapped", Double(overlapped), unit: "rounds", posts: posts, n: overlaps.count,
          detail: "rounds in which the load's two decodings ran at the same time, of n")
        _ = addSeries("one_load_ms", ms(report.oneLoadNanoseconds), unit: "ms")
        let gapOne = addSeries(
          "main_gap_one_load_ms", ms(report.oneLoadGaps.map { $0.heartbeat.max() ?? 0 }), unit: "ms")
        let missed60One = addSeries(
          "frames_missed_60hz_one_load", report.oneLoadGaps.map { Self.missed($0.hertz60, hertz: 60) },
          unit: "frames")
        let missed120One = addSeries(
          "frames_missed_120hz_one_load", report.oneLoadGaps.map { Self.missed($0.hertz120, hertz: 120) },
          unit: "frames")
        let gapN = addSeries(
          "main_gap_n_loads_ms", ms(report.concurrentLoadsGaps.map { $0.heartbeat.max() ?? 0 }), unit: "ms")
        let missed60N = addSeries(
          "frames_missed_60hz_n_loads", report.concurrentLoadsGaps.map { Self.missed($0.hertz60, hertz: 60) },
          unit: "frames")
        let missed120N = addSeries(
          "frames_missed_120hz_n_loads", report.concurrentLoadsGaps.map { Self.missed($0.hertz120, hertz: 120) },
          unit: "frames")
        _ = addSeries("n_loads_ms", ms(report.concurrentLoadsNanoseconds), unit: "ms")
        _ = addSeries(
          "throughput_loads_per_s",
          report.concurrentLoadsNanoseconds.map { Double(report.concurrentLoads) / ($0 / 1e9) }, unit: "loads/s")
        _ = addSeries("sequential_ms", ms(report.sequentialNanoseconds), unit: "ms")
        _ = addSeries("async_let_ms", ms(report.asyncLetNanoseconds), unit: "ms")
        let speedup = addSeries(
          "async_let_speedup", zip(report.sequentialNanoseconds, report.asyncLetNanoseconds).map { $0 / $1 },
          unit: "x")
        if missed60One > 0, firstMiss60 == nil { firstMiss60 = posts }
        if missed120One > 0, firstMiss120 == nil { firstMiss120 = posts }

        let first = index == 0
        headline.append([
          rung.id, String(posts), first ? "yes" : "", first ? guideErrors : "", first ? measuredErrors : "", decoding,
          sequential.text, CellFormat.time(nanoseconds: decode * 1e6), "\(overlapped)/\(overlaps.count)",
          CellFormat.time(nanoseconds: gapOne * 1e6),
          "\(CellFormat.number(missed60One)) / \(CellFormat.number(missed120One))",
          CellFormat.time(nanoseconds: gapN * 1e6),
          "\(CellFormat.number(missed60N)) / \(CellFormat.number(missed120N))",
          CellFormat.ratio(speedup), first ? hopText("hop_one_way_ns", "floor_one_way_ns") : "",
          first ? forbidden.joined(separator: " / ") : "",
        ])
      }
      let largest = runs.last?.posts ?? 0
      firstMisses.append(
        "\(rung.id) \(firstMiss60.map(String.init) ?? "none up to \(largest)")"
          + " / \(firstMiss120.map(String.init) ?? "none up to \(largest)")")
    }
    notes.append(
      "guide text e/w: errors/warnings of the guides' text; measured e/w: of the measured text, whose two protocols refine Sendable (docs/build-settings.md)"
    )
    notes.append(
      "decoding runs on: inside the interactor's async let; …awaited from an actor: the worker's fetches awaited one after the other from an actor; decode: median of one decoding; decodes overlapped: rounds in which a load's two decodings ran at the same time, of the rounds"
    )
    notes.append(
      "main gap: longest gap of a 1 ms main-actor heartbeat; missed: frames a 60 Hz and a 120 Hz main-actor frame loop missed; N = 4 loads at once, each through its own scene; medians of the rounds, min and max in the CSV"
    )
    if !firstMisses.isEmpty {
      notes.append(
        "first payload (posts) whose single load misses a frame (median), 60 / 120 Hz: "
          + firstMisses.joined(separator: "; "))
    }
    notes.append(
      "hop (largest payload's run): the scene's interactor to its @MainActor presenter, one way, \(plan.hopSamples) one-post loads a round; floor: two threads waking each other on condition variables, as many exchanges, same rounds; the median of the rounds' medians, their min and max in the CSV"
    )
    notes.append(
      "refetch forbidden (largest payload's run): share of the package's refetch checker's stress trials (\(plan.stressTrials) a style, 2 taps, seed \(plan.seed)) with a forbidden outcome, this build's interactor and worker behind the guides' view; CE: CancellationError, URL: URLError(.cancelled); every outcome in the CSV, with the rounds' lowest and highest share and its 95% Wilson interval"
    )
  }

  /// A hop measure over the rounds: the median of the rounds' medians, and their range.
  struct HopFigure: Equatable {
    var measure: String
    var median: Double
    var range: (Double, Double)
    var rounds: Int
    var detail: String

    static func == (lhs: HopFigure, rhs: HopFigure) -> Bool {
      lhs.measure == rhs.measure && lhs.median == rhs.median && lhs.range == rhs.range && lhs.rounds == rhs.rounds
        && lhs.detail == rhs.detail
    }
  }

  /// The hop's and the floor's figures: one way, round trip, and the
  /// presenter's formatting inside the round trip, each the median of the
  /// rounds' medians with the rounds' range as the run's noise; none when
  /// the driver measured no hop.
  static func hopFigures(_ rounds: [HopRound]) -> [HopFigure] {
    guard !rounds.isEmpty else { return [] }
    let series: [(String, KeyPath<HopRound, [Double]>, String)] = [
      ("hop_one_way_ns", \.oneWayNanoseconds, "interactor's await to the presenter's first probe"),
      ("hop_round_trip_ns", \.roundTripNanoseconds, "interactor's await until it returned, formatting included"),
      ("hop_format_ns", \.formatNanoseconds, "the presenter's formatting of one post, inside the round trip"),
      ("floor_one_way_ns", \.floorOneWayNanoseconds, "condition-variable ping-pong, one way"),
      ("floor_round_trip_ns", \.floorRoundTripNanoseconds, "condition-variable ping-pong, there and back"),
    ]
    return series.map { measure, path, detail in
      let medians = rounds.map { median($0[keyPath: path]) }
      let samples = rounds.reduce(0) { $0 + $1[keyPath: path].count }
      return HopFigure(
        measure: measure, median: median(medians), range: (medians.min() ?? .nan, medians.max() ?? .nan),
        rounds: rounds.count, detail: "\(detail); \(samples) samples")
    }
  }

  /// One CSV row of a refetch table: an outcome's share of the trials.
  struct RefetchRow: Equatable {
    var measure: String
    var frequency: Double
    var interval: (Double, Double)
    var detail: String

    static func == (lhs: RefetchRow, rhs: RefetchRow) -> Bool {
      lhs.measure == rhs.measure && lhs.frequency == rhs.frequency && lhs.interval == rhs.interval
        && lhs.detail == rhs.detail
    }
  }

  /// Every outcome of `table`, none hidden: `refetch_<style>_<outcome>`, its
  /// frequency over all rounds, the lowest and highest frequency of a round
  /// (the run's noise), its count, the checker's grade and the 95% Wilson
  /// interval of the frequency (what the count alone would allow).
  static func refetchRows(_ table: RefetchTable) -> [RefetchRow] {
    table.outcomes.map { row in
      let shares = zip(row.roundCounts, table.roundTrials).compactMap { count, trials in
        trials > 0 ? Double(count) / Double(trials) : nil
      }
      let (low, high) = wilson(row.count, of: table.trials)
      return RefetchRow(
        measure: "refetch_\(table.cancellationStyle)_\(row.outcome)",
        frequency: table.trials > 0 ? Double(row.count) / Double(table.trials) : .nan,
        interval: (shares.min() ?? .nan, shares.max() ?? .nan),
        detail:
          "count \(row.count) of \(table.trials), \(row.grade); rounds \(row.roundCounts.map(String.init).joined(separator: " ")); Wilson 95% \(CellFormat.fixed(low, digits: 4))–\(CellFormat.fixed(high, digits: 4))"
      )
    }
  }

  /// The share of `table`'s trials whose outcome the checker forbids.
  static func forbiddenShare(_ table: RefetchTable) -> Double {
    guard table.trials > 0 else { return .nan }
    return Double(table.outcomes.filter { $0.grade == "forbidden" }.reduce(0) { $0 + $1.count })
      / Double(table.trials)
  }

  /// The share of each round's trials whose outcome the checker forbids.
  static func forbiddenShares(_ table: RefetchTable) -> [Double] {
    table.roundTrials.indices.compactMap { round in
      let trials = table.roundTrials[round]
      guard trials > 0 else { return nil }
      let forbidden = table.outcomes.filter { $0.grade == "forbidden" }.reduce(0) { $0 + $1.roundCounts[round] }
      return Double(forbidden) / Double(trials)
    }
  }

  /// The 95% Wilson score interval of `count` successes in `trials`.
  static func wilson(_ count: Int, of trials: Int) -> (Double, Double) {
    guard trials > 0 else { return (.nan, .nan) }
    let z = 1.959_963_984_540_054
    let n = Double(trials)
    let p = Double(count) / n
    let denominator = 1 + z * z / n
    let centre = (p + z * z / (2 * n)) / denominator
    let half = z * ((p * (1 - p) / n + z * z / (4 * n * n)).squareRoot()) / denominator
    return (count == 0 ? 0 : max(0, centre - half), count == trials ? 1 : min(1, centre + half))
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

  /// How many of `overlaps` (one share per round, from ``overlaps(ofPairs:)``)
  /// are above zero: the rounds in which the two decodings ran at the same
  /// time at all. A count, unlike the shares' median, does not flip between
  /// runs when the shares sit near 0 and near 1 in about equal numbers.
  static func overlappedRounds(_ overlaps: [Double]) -> Int {
    overlaps.filter { $0 > 0 }.count
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
