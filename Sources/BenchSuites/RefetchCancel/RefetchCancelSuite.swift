import BenchKit
import Foundation
import IsolationChecks
import MockNetwork
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
  /// The interactors it checks, each behind both view policies with both cancellation styles.
  var scenes = SceneRegistry.shipped

  var summary: String {
    "Tap refresh again: what the user sees, for \(variants.count) scene variants, stress and systematic."
  }

  /// Every variant of the registry's interactors.
  var variants: [RefetchVariant] { RefetchVariant.all(in: scenes) }
  /// The standard options it reads: trials come from `--iterations`; latencies and caps are the checker's own.
  let standardOptions: Set<String> = ["quick", "iterations", "seed"]

  /// `--replay`: one systematic trial of a variant of ``scenes`` to rerun, instead of the checks.
  var replayTrial: SuiteOption<(variant: RefetchVariant, schedule: RefetchSchedule)?> {
    let scenes = scenes
    return SuiteOption(
      "replay", valueName: "schedule",
      help: "Rerun one systematic trial, given as <variant>:<schedule> from a report, and print its display log",
      absent: "off"
    ) { text throws(InvalidValue) in
      do throws(ScheduleParseError) {
        return try RefetchVariant.parseReplay(text, in: scenes)
      } catch {
        throw InvalidValue(error.description)
      }
    }
  }
  /// `--taps`: taps per trial.
  static let taps = SuiteOption(
    "taps", valueName: "n",
    help: "Taps per trial, from 2 to 5; 3 explores every 3-tap ordering in about 2 minutes", default: 2
  ) { text throws(InvalidValue) in
    guard let taps = Int(text), RefetchCheckConfiguration.tapRange.contains(taps) else {
      throw InvalidValue("expected an integer from 2 to 5")
    }
    return taps
  }
  /// `--mode`: which modes run.
  static let mode = SuiteOption(
    "mode", valueName: "mode", help: "Which modes to run: both, stress or systematic",
    default: RefetchCancelPlan.Modes.both)

  var options: [OptionSpec] {
    [RealServerOption.baseURL.spec, replayTrial.spec, Self.taps.spec, Self.mode.spec]
  }

  func estimatedDuration(for options: BenchOptions) -> Duration {
    guard options[replayTrial] == nil else { return .milliseconds(50) }
    return RefetchCancelPlan(options: options).estimatedDuration(variants: variants.count)
  }

  func run(in context: SuiteContext) async throws -> SuiteReport {
    if let trial = context.options[replayTrial] {
      return await replay(trial)
    }
    let plan = RefetchCancelPlan(options: context.options)
    var runs: [RefetchCancelRun] = []
    if plan.modes.includesSystematic {
      context.progress.report(.phaseStarted(phase: "systematic", totalSteps: variants.count))
      for (index, variant) in variants.enumerated() where !context.interrupt.isRaised {
        let checker = await RefetchChecker(scene: variant.scene, configuration: plan.configuration(for: variant))
        runs.append(RefetchCancelRun(variant: variant, report: await checker.runSystematic(plan.systematic)))
        context.progress.report(.stepsCompleted(index + 1, of: variants.count))
      }
    }
    if plan.modes.includesStress {
      context.progress.report(.phaseStarted(phase: "stress", totalSteps: variants.count))
      for (index, variant) in variants.enumerated() where !context.interrupt.isRaised {
        let checker = await RefetchChecker(scene: variant.scene, configuration: plan.configuration(for: variant))
        runs.append(RefetchCancelRun(variant: variant, report: await checker.runStress(plan.stress)))
        context.progress.report(.stepsCompleted(index + 1, of: variants.count))
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
        (httpRuns, serverNotes) = try await runOverHTTP(server, plan: plan, context: context, notes: serverNotes)
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
  private func runOverHTTP(
    _ server: URL, plan: RefetchCancelPlan, context: SuiteContext, notes: [String]
  ) async throws -> ([RefetchCancelRun], [String]) {
    try await RealServerOption.probe(server)
    let network = RefetchHTTPPass.server(server)
    let maxTapGap = max(try await RefetchHTTPPass.measureLatency(of: network), .milliseconds(1))
    let options = RefetchHTTPPass.options(trials: plan.httpTrials, seed: plan.seed, maxTapGap: maxTapGap)
    let gap = CellFormat.fixed(maxTapGap.nanoseconds / 1e6, digits: 1)
    let variants = RefetchHTTPPass.variants(in: scenes)
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
  private func replay(_ trial: (variant: RefetchVariant, schedule: RefetchSchedule)) async -> SuiteReport {
    let (variant, schedule) = trial
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
  enum Modes: String, CaseIterable {
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
    modes = options[RefetchCancelSuite.mode]
    taps = options[RefetchCancelSuite.taps]
    seed = options.seed
    stress = StressOptions(
      trials: options.iterations(standard: Self.standardStressTrials, quick: Self.quickStressTrials), seed: seed)
    systematic = SystematicOptions(seed: seed, randomSchedules: options.quick ? 200 : 2_000)
    server = options[RealServerOption.baseURL]
    httpTrials = options.iterations(standard: Self.standardHTTPTrials, quick: Self.quickHTTPTrials)
  }

  func configuration(for variant: RefetchVariant) -> RefetchCheckConfiguration {
    RefetchCheckConfiguration(taps: taps, cancellationStyle: variant.cancellationStyle)
  }

  /// About 8,000 stress trials a second (12,000 on a quiet machine, 4,500 on
  /// a loaded one), about 130 systematic ones, about 40 over real HTTP.
  func estimatedDuration(variants count: Int) -> Duration {
    let variants = Double(count)
    let stressSeconds = modes.includesStress ? Double(stress.trials) / 8_000 * variants : 0
    let systematicTrials: Double = taps <= systematic.exhaustiveTapLimit ? (taps == 2 ? 110 : 1_800) : 2_000
    let systematicSeconds = modes.includesSystematic ? systematicTrials / 130 * variants : 0
    let httpScenes = Double(count / CancellationStyle.allCases.count)
    let httpSeconds = server != nil && modes.includesStress ? Double(httpTrials) / 40 * httpScenes : 0
    return .seconds(stressSeconds + systematicSeconds + httpSeconds)
  }
}
