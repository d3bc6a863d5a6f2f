import BenchKit
import HopProbes

/// The findings of a `presenter-hop` run in words: clock, floor, the
/// headline ratio, what dominates, batching, a busy main actor, concurrency.
struct PresenterHopFindings {
  let lines: [String]

  /// How many lines come before the breakdowns: banner, clock, load, floor, headline.
  static func headlineLineCount(_ environment: BenchEnvironment) -> Int {
    environment.isComparable ? 4 : 5
  }

  init(
    run: RunResult,
    ratios: FloorRatioTable,
    loads: [(FrameLoadSpec, MainActorFrameLoad.Report)],
    systemLoad: (before: SystemLoad?, after: SystemLoad?),
    environment: BenchEnvironment
  ) {
    func median(_ variant: String, _ metric: String) -> Double {
      guard let values = run.variant(named: variant)?.samples(of: metric)?.values, !values.isEmpty else { return .nan }
      return Statistics.percentile(0.5, ofSorted: values.sorted())
    }
    func percentile(_ fraction: Double, _ variant: String, _ metric: String) -> Double {
      guard let values = run.variant(named: variant)?.samples(of: metric)?.values, !values.isEmpty else { return .nan }
      return Statistics.percentile(fraction, ofSorted: values.sorted())
    }
    func time(_ nanoseconds: Double) -> String { CellFormat.time(nanoseconds: nanoseconds) }
    func ratio(_ variant: String, _ metric: String) -> String {
      guard let estimate = ratios.ratios[variant]?[metric] else { return "n/a" }
      return "\(CellFormat.ratio(estimate.ratio)) [95% CI \(CellFormat.fixed(estimate.interval.lower, digits: 2))–"
        + "\(CellFormat.fixed(estimate.interval.upper, digits: 2))]"
    }

    var lines: [String] = []
    if !environment.isComparable {
      lines.append(
        "!! NOT COMPARABLE: a \(environment.buildConfiguration) build, sanitizer \(environment.sanitizer); "
          + "these figures check the method only (rows say comparable=false). Measure with -c release.")
    }
    let floor = PresenterHopCoreSection.floorTitle
    let guide = PresenterHopCoreSection.mechanismTitle(.guideAwait, posts: PresenterHopCoreSection.defaultPosts)
    lines.append(
      "Clock: ContinuousClock, read cost \(CellFormat.fixed(environment.clock.readOverheadNanoseconds, digits: 1)) ns "
        + "(calibrated at the start); every interval spans two reads and so includes about one read's cost. "
        + "Nothing is subtracted anywhere: all figures and ratios are raw.")
    let cpus = environment.logicalCPUCount
    let loadText = [systemLoad.before, systemLoad.after].map {
      $0.map { CellFormat.fixed($0.oneMinute, digits: 2) } ?? "?"
    }
    let busy = [systemLoad.before, systemLoad.after].contains { $0?.isBusy(cpus: cpus) ?? false }
    lines.append(
      "System load (1-min average): \(loadText[0]) at the start, \(loadText[1]) at the end, on \(cpus) CPUs"
        + (busy
          ? ". WARNING: other work competed for the CPUs; wake-ups then include run-queue waits, and figures are noisy."
          : "; quiet enough."))
    lines.append(
      "Floor, same run: one-way \(time(median(floor, "one_way_ns"))), round trip \(time(median(floor, "round_trip_ns"))) "
        + "(p50; two pthreads waking each other with condition variables).")
    lines.append(
      "Guide's call, actor -> @MainActor -> actor, p50: round trip \(time(median(guide, "round_trip_ns"))) = "
        + "\(ratio(guide, "round_trip_ns")) the floor's round trip; without the presenter's "
        + "\(time(median(guide, "format_ns"))) of formatting, the hop alone is \(time(median(guide, "hop_ns"))) = "
        + "\(ratio(guide, "hop_ns")). One-way \(time(median(guide, "one_way_ns"))) = \(ratio(guide, "one_way_ns")) "
        + "the floor's one-way.")

    var payload: [String] = []
    for posts in HopPayload.postCounts {
      let title = PresenterHopCoreSection.mechanismTitle(.guideAwait, posts: posts)
      let format = median(title, "format_ns")
      let hop = median(title, "hop_ns")
      payload.append(
        "\(posts) posts: formatting \(time(format)), hop \(time(hop)) "
          + "(\(format > hop ? "formatting" : "hop") dominates, hop = "
          + "\(CellFormat.fixed(100 * hop / (hop + format), digits: 0))% of the round trip)")
    }
    lines.append("Payload (p50): " + payload.joined(separator: "; ") + ".")

    let size = PresenterHopPlan.batchSize
    var batches: [String] = []
    for batch in HopBatch.allCases {
      let perPresent = median(PresenterHopCoreSection.batchTitle(batch), "per_present_ns")
      let hops = Double(batch.hops(count: size)) / Double(size)
      batches.append(
        "\(batch.rawValue) \(time(perPresent))/present = \(CellFormat.fixed(1e9 / perPresent, digits: 0)) presents/s"
          + (batch == .oneHop ? "" : " (\(CellFormat.fixed(hops * 1e9 / perPresent, digits: 0)) hops/s)"))
    }
    lines.append("Batches of \(size), p50: " + batches.joined(separator: "; ") + ".")

    let idleOneWay = median(guide, "one_way_ns")
    let idleRoundTrip = median(guide, "round_trip_ns")
    let backToBack = median(PresenterHopCoreSection.batchTitle(.awaitEach), "per_present_ns")
    for (spec, report) in loads {
      let title = PresenterHopBusySection.latencyTitle(spec)
      let period = spec.period.nanoseconds
      let work = spec.work.nanoseconds
      let waits = run.variant(named: title)?.samples(of: "frame_wait_ns")?.values ?? []
      let waited = waits.filter { $0 > 0 }
      let meanWait = waits.isEmpty ? Double.nan : waits.reduce(0, +) / Double(waits.count)
      let beyond = run.variant(named: title)?.samples(of: "hop_after_wait_ns")?.values ?? []
      let beyondAfterWait = zip(waits, beyond).filter { $0.0 > 0 }.map(\.1).sorted()
      let medianBeyond = beyondAfterWait.isEmpty ? Double.nan : Statistics.percentile(0.5, ofSorted: beyondAfterWait)
      let budget = median(PresenterHopBusySection.budgetTitle(spec), "hops_per_frame")
      lines.append(
        "\(spec.title) [achieved busy \(CellFormat.fixed(100 * report.busyFraction, digits: 0))%, "
          + "\(report.frames) frames, \(report.skippedFrames) skipped, frames start "
          + "\(time(report.meanWakeLateness)) late on average]: "
          + "\(waited.count) of \(waits.count) hops met the frame's work (expected "
          + "\(CellFormat.fixed(100 * work / period, digits: 0))%) and waited a mean \(time(meanWait)) for it "
          + "(expected X^2/2T = \(time(work * work / (2 * period)))); one-way p50 \(time(median(title, "one_way_ns"))), "
          + "p90 \(time(percentile(0.9, title, "one_way_ns"))), p99 \(time(percentile(0.99, title, "one_way_ns"))) "
          + "(idle p50 \(time(idleOneWay))). Once the work ended, the waiting hops took p50 \(time(medianBeyond)) "
          + "more (no wake-up is needed then; more than the idle one-way means the scheduler, not the hop). "
          + "Guide calls completed in one frame: median "
          + "\(CellFormat.fixed(budget, digits: 0)) (back to back the main thread stays awake: at the "
          + "\(time(backToBack)) per present of 32 awaited presents, the free "
          + "\(CellFormat.fixed((period - work) / 1e6, digits: 1)) ms fit about "
          + "\(CellFormat.fixed((period - work) / backToBack, digits: 0)), the whole frame about "
          + "\(CellFormat.fixed(period / backToBack, digits: 0)); at the idle round trip, "
          + "\(CellFormat.fixed(period / idleRoundTrip, digits: 0))).")
    }

    var concurrency: [String] = []
    for count in PresenterHopPlan.concurrentInteractors {
      let title = PresenterHopCoreSection.concurrencyTitle(count)
      concurrency.append(
        "\(count): \(time(median(title, "per_present_ns")))/present, slowest one-way \(time(median(title, "slowest_one_way_ns")))"
      )
    }
    lines.append("Concurrent interactors (p50): " + concurrency.joined(separator: "; ") + ".")
    self.lines = lines
  }
}
