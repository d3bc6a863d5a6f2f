import BenchKit
import Foundation
import IsolationChecks
import ProfileScene

/// Suite `refetch-cancel`: taps "refresh" again and again against every
/// variant — the seed or corrected interactor, on an actor of its own or on
/// the main actor, behind the guide's view or the
/// latest-request-only view, with `CancellationError` or URLSession's
/// `URLError(.cancelled)` — and grades what the user saw.
///
/// Two modes per variant: systematic (a gated transport; every ordering of
/// taps and answers for up to 3 taps, seeded random orderings above) and
/// stress (real executors, seeded random tap timing, latency and failures).
/// Forbidden outcomes of the corrected scene are invariant violations; those
/// of the other variants are findings, reported with a replay string each.
/// `--replay <variant>:<schedule>` reruns one systematic trial and prints
/// its display log. With `--base-url`, stress mode also runs the
/// interactor × policy scenes over real HTTP with the same checker
/// (``RefetchHTTPPass``, mode `stress-http`); systematic mode stays on the
/// mock, whose gates it needs.
struct RefetchCancelSuite: BenchSuite {
  let name = "refetch-cancel"
  let summary = "Tap refresh again: what the user sees, for 16 scene variants, stress and systematic."
  /// The standard options it reads: trials come from `--iterations`; latencies and caps are the checker's own.
  let standardOptions: Set<String> = ["quick", "iterations", "seed"]

  var options: [OptionSpec] {
    [
      RealServerOption.spec,
      .value(
        "replay", valueName: "schedule",
        help:
          "Rerun one systematic trial, given as <variant>:<schedule> from a report, and print its display log (default: off)."
      ) { text throws(InvalidValue) in
        do throws(ScheduleParseError) {
          _ = try RefetchVariant.parseReplay(text)
        } catch {
          throw InvalidValue(error.description)
        }
      },
      .value(
        "taps", valueName: "n",
        help: "Taps per trial, from 2 to 5; 3 explores every 3-tap ordering in about 2 minutes (default: 2)."
      ) {
        text throws(InvalidValue) in
        guard let taps = Int(text), RefetchCheckConfiguration.tapRange.contains(taps) else {
          throw InvalidValue("expected an integer from 2 to 5")
        }
      },
      .value("mode", valueName: "mode", help: "Which modes to run: both, stress or systematic (default: both).") {
        text throws(InvalidValue) in
        guard RefetchCancelPlan.Modes(rawValue: text) != nil else {
          throw InvalidValue("expected both, stress or systematic")
        }
      },
    ]
  }

  func estimatedDuration(for options: BenchOptions) -> Duration {
    options.value(of: "replay") == nil ? RefetchCancelPlan(options: options).estimatedDuration : .milliseconds(50)
  }

  func run(in context: SuiteContext) async throws -> SuiteReport {
    if let replay = context.options.value(of: "replay") {
      return try await Self.replay(replay)
    }
    let plan = RefetchCancelPlan(options: context.options)
    var runs: [RefetchCancelRun] = []
    if plan.modes.includesSystematic {
      context.progress.report(.phaseStarted(phase: "systematic", totalSteps: RefetchVariant.all.count))
      for (index, variant) in RefetchVariant.all.enumerated() where !context.interrupt.isRaised {
        let checker = await RefetchChecker(scene: variant.scene, configuration: plan.configuration(for: variant))
        runs.append(RefetchCancelRun(variant: variant, report: await checker.runSystematic(plan.systematic)))
        context.progress.report(.stepsCompleted(index + 1, of: RefetchVariant.all.count))
      }
    }
    if plan.modes.includesStress {
      context.progress.report(.phaseStarted(phase: "stress", totalSteps: RefetchVariant.all.count))
      for (index, variant) in RefetchVariant.all.enumerated() where !context.interrupt.isRaised {
        let checker = await RefetchChecker(scene: variant.scene, configuration: plan.configuration(for: variant))
        runs.append(RefetchCancelRun(variant: variant, report: await checker.runStress(plan.stress)))
        context.progress.report(.stepsCompleted(index + 1, of: RefetchVariant.all.count))
      }
    }
    var httpRuns: [RefetchCancelRun] = []
    var serverNotes: [String] = []
    if let server = plan.server {
      serverNotes.append(
        "--base-url \(server.absoluteString): systematic mode and the mock's stress rows stay on the in-process "
          + "mock (systematic mode orders taps and answers with the mock's gates); the stress-http rows ran over "
          + "real HTTP, with URLSession's own cancellation (URLError(.cancelled)).")
      if plan.modes.includesStress, !context.interrupt.isRaised {
        (httpRuns, serverNotes) = try await Self.runOverHTTP(server, plan: plan, context: context, notes: serverNotes)
      }
    }
    var report = RefetchCancelTables.report(
      runs, httpRuns: httpRuns, suite: name, isPartial: context.interrupt.isRaised)
    report.notes += serverNotes
    return report
  }

  /// Runs the stress-http trials of every scene against `server`, with the
  /// checker's stress mode, one trial at a time, tap gaps up to the server's
  /// median latency.
  /// - Returns: the runs, and `notes` with the tap gap added.
  @MainActor
  private static func runOverHTTP(
    _ server: URL, plan: RefetchCancelPlan, context: SuiteContext, notes: [String]
  ) async throws -> ([RefetchCancelRun], [String]) {
    try await RealServerOption.probe(server)
    let network = RefetchHTTPPass.server(server)
    let maxTapGap = max(try await RefetchHTTPPass.measureLatency(of: network), .milliseconds(1))
    let options = RefetchHTTPPass.options(trials: plan.httpTrials, seed: plan.seed, maxTapGap: maxTapGap)
    let gap = CellFormat.fixed(maxTapGap.nanoseconds / 1e6, digits: 1)
    let variants = RefetchHTTPPass.variants
    context.progress.report(.phaseStarted(phase: RefetchHTTPPass.mode, totalSteps: variants.count))
    var runs: [RefetchCancelRun] = []
    for (index, variant) in variants.enumerated() where !context.interrupt.isRaised {
      var configuration = plan.configuration(for: variant)
      configuration.quiescenceTimeout = RefetchHTTPPass.quiescenceTimeout
      let checker = RefetchChecker(scene: variant.scene, configuration: configuration)
      runs.append(RefetchCancelRun(variant: variant, report: try await checker.runStress(options, over: network)))
      context.progress.report(.stepsCompleted(index + 1, of: variants.count))
    }
    return (runs, notes + ["\(RefetchHTTPPass.mode): tap gaps up to \(gap) ms, the server's median latency"])
  }

  /// Reruns one systematic trial and prints what the user saw.
  private static func replay(_ text: String) async throws -> SuiteReport {
    let (variant, schedule) = try RefetchVariant.parseReplay(text)
    let checker = await RefetchChecker(
      scene: variant.scene,
      configuration: RefetchCheckConfiguration(taps: schedule.tapCount, cancellationStyle: variant.cancellationStyle))
    let result = await checker.replay(schedule)
    var notes = ["replay of \(variant.name), \(schedule.tapCount) taps"]
    notes += result.transcript.split(separator: "\n").map(String.init)
    return SuiteReport(tables: [], notes: notes)
  }
}

/// One variant's report in one mode.
struct RefetchCancelRun: Sendable {
  var variant: RefetchVariant
  var report: RefetchReport
}

/// The counts and modes of one `refetch-cancel` run, from the options.
struct RefetchCancelPlan {
  /// Which modes run.
  enum Modes: String {
    case both, stress, systematic

    var includesStress: Bool { self != .systematic }
    var includesSystematic: Bool { self != .stress }
  }

  /// Trials per variant in stress mode without `--iterations`: 50,000, about
  /// 4 to 6 s a variant and 70 to 100 s for all sixteen on two quiet cores
  /// (see docs/refetch-cancel.md): the 800,000 trials the eight variants of
  /// the actor interactors had at 100,000 each, spread over twice as many
  /// variants, so the default run takes as long as it did. Rare interleavings,
  /// like a stale profile left on screen (a few in 100,000), still show up.
  static let standardStressTrials = 50_000
  /// The same under `--quick`, a smoke test.
  static let quickStressTrials = 300
  /// Trials per scene over real HTTP (`--base-url`) without `--iterations`:
  /// each lasts a few server round trips, about 20 ms against a 5 ms server.
  static let standardHTTPTrials = 200
  /// The same under `--quick`.
  static let quickHTTPTrials = 30

  var modes: Modes
  var taps: Int
  var seed: UInt64
  var stress: StressOptions
  var systematic: SystematicOptions
  /// The server of `--base-url`, if given.
  var server: URL?
  /// Trials per scene over real HTTP.
  var httpTrials: Int

  init(options: BenchOptions) {
    modes = options.value(of: "mode").flatMap(Modes.init(rawValue:)) ?? .both
    taps = options.value(of: "taps").flatMap(Int.init) ?? 2
    seed = options.seed
    stress = StressOptions(
      trials: options.iterations(standard: Self.standardStressTrials, quick: Self.quickStressTrials), seed: seed)
    systematic = SystematicOptions(seed: seed, randomSchedules: options.quick ? 200 : 2_000)
    server = RealServerOption.baseURL(in: options)
    httpTrials = options.iterations(standard: Self.standardHTTPTrials, quick: Self.quickHTTPTrials)
  }

  func configuration(for variant: RefetchVariant) -> RefetchCheckConfiguration {
    RefetchCheckConfiguration(taps: taps, cancellationStyle: variant.cancellationStyle)
  }

  /// About 8,000 stress trials a second (12,000 on a quiet machine, 4,500 on
  /// a loaded one), about 130 systematic ones, about 40 over real HTTP.
  var estimatedDuration: Duration {
    let variants = Double(RefetchVariant.all.count)
    let stressSeconds = modes.includesStress ? Double(stress.trials) / 8_000 * variants : 0
    let systematicTrials: Double = taps <= systematic.exhaustiveTapLimit ? (taps == 2 ? 110 : 1_800) : 2_000
    let systematicSeconds = modes.includesSystematic ? systematicTrials / 130 * variants : 0
    let httpSeconds =
      server != nil && modes.includesStress ? Double(httpTrials) / 40 * Double(RefetchHTTPPass.variants.count) : 0
    return .seconds(stressSeconds + systematicSeconds + httpSeconds)
  }
}
