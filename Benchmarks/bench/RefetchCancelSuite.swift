import BenchKit
import IsolationChecks
import ProfileScene

/// Suite `refetch-cancel`: taps "refresh" again and again against every
/// variant — the seed or corrected interactor, behind the guide's view or the
/// latest-request-only view, with `CancellationError` or URLSession's
/// `URLError(.cancelled)` — and grades what the user saw.
///
/// Two modes per variant: systematic (a gated transport; every ordering of
/// taps and answers for up to 3 taps, seeded random orderings above) and
/// stress (real executors, seeded random tap timing, latency and failures).
/// Forbidden outcomes of the corrected scene are invariant violations; those
/// of the other variants are findings, reported with a replay string each.
/// `--replay <variant>:<schedule>` reruns one systematic trial and prints
/// its display log.
struct RefetchCancelSuite: BenchSuite {
  let name = "refetch-cancel"
  let summary = "Tap refresh again: what the user sees, for 8 scene variants, stress and systematic."

  var options: [OptionSpec] {
    [
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
    var report = RefetchCancelTables.report(runs, suite: name, isPartial: context.interrupt.isRaised)
    report.notes += RealServerOption.mockOnlyNotes(
      context.options,
      reason: "the checker owns its transport (gates, injected failures, request records), so every trial "
        + "ran over the in-process mock. Over real URLSession the seed scene's spurious error is shown by "
        + "Tests/URLSessionTransportTests (docs/real-http.md).")
    return report
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

  /// Trials per variant in stress mode without `--iterations`: what keeps the
  /// default `bench` run near a minute on two cores (about 15 s for all eight
  /// variants); `--iterations 100000` runs the deep stress (see docs/refetch-cancel.md).
  static let standardStressTrials = 5_000
  /// The same under `--quick`, a smoke test.
  static let quickStressTrials = 300

  var modes: Modes
  var taps: Int
  var seed: UInt64
  var stress: StressOptions
  var systematic: SystematicOptions

  init(options: BenchOptions) {
    modes = options.value(of: "mode").flatMap(Modes.init(rawValue:)) ?? .both
    taps = options.value(of: "taps").flatMap(Int.init) ?? 2
    seed = options.seed
    stress = StressOptions(
      trials: options.iterations(standard: Self.standardStressTrials, quick: Self.quickStressTrials), seed: seed)
    systematic = SystematicOptions(seed: seed, randomSchedules: options.quick ? 200 : 2_000)
  }

  func configuration(for variant: RefetchVariant) -> RefetchCheckConfiguration {
    RefetchCheckConfiguration(taps: taps, cancellationStyle: variant.cancellationStyle)
  }

  /// About 3,000 stress trials a second, about 130 systematic ones.
  var estimatedDuration: Duration {
    let variants = Double(RefetchVariant.all.count)
    let stressSeconds = modes.includesStress ? Double(stress.trials) / 3_000 * variants : 0
    let systematicTrials: Double = taps <= systematic.exhaustiveTapLimit ? (taps == 2 ? 110 : 1_800) : 2_000
    let systematicSeconds = modes.includesSystematic ? systematicTrials / 130 * variants : 0
    return .seconds(stressSeconds + systematicSeconds)
  }
}
