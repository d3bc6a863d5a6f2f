import BenchKit
import Foundation
import IsolationChecks
import MockNetwork
import ProfileScene

/// The counts and modes of one `refetch-cancel` run, from the options.
struct RefetchCancelPlan {
  /// Which modes run.
  enum Modes: String, CaseIterable {
    case both, stress, systematic

    var includesStress: Bool { self != .systematic }
    var includesSystematic: Bool { self != .stress }
  }

  /// Trials per variant in stress mode under `--thorough`: 50,000, about
  /// 4 to 6 s a variant and 70 to 100 s for all sixteen on two quiet cores
  /// (see docs/refetch-cancel.md): the 800,000 trials the eight variants of
  /// the actor interactors had at 100,000 each, spread over twice as many
  /// variants. Rare interleavings, like a stale profile left on screen (a
  /// few in 100,000), still show up. The default run sizes each variant's
  /// trials from a pilot instead (``stressSizing``).
  static let thoroughStressTrials = 50_000
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
  /// How the default run sizes each variant's stress trials from a pilot;
  /// `nil` under `--quick`, `--thorough` and `--iterations`, which fix them.
  var stressSizing: StressTrialSizing?
  var systematic: SystematicOptions
  /// The server of `--base-url`, if given.
  var server: URL?
  /// Trials per scene over real HTTP.
  var httpTrials: Int

  init(options: BenchOptions) {
    modes = options[RefetchCancelSuite.mode]
    taps = options[RefetchCancelSuite.actions]
    seed = options.seed
    let sized = !options.quick && !options.thorough && options.iterations == nil
    stressSizing = sized ? StressTrialSizing() : nil
    stress = StressOptions(
      trials: options.iterations(standard: Self.thoroughStressTrials, quick: Self.quickStressTrials), seed: seed)
    systematic = SystematicOptions(
      seed: seed, randomSchedules: options.quick ? 200 : 2_000, preemptions: options[RefetchCancelSuite.preemptions],
      strategy: options[RefetchCancelSuite.strategy], shard: options[RefetchCancelSuite.shard])
    server = options[RealServerOption.baseURL]
    httpTrials = options.iterations(standard: Self.standardHTTPTrials, quick: Self.quickHTTPTrials)
  }

  func configuration(for variant: any RefetchCancelSubject) -> CheckConfiguration {
    CheckConfiguration(actions: taps, cancellationStyle: variant.cancellationStyle)
  }

  /// The stress trials of a variant in the default run, pilot excluded, on
  /// average over the shipped variants as measured; for the estimate.
  static let typicalSizedTrials = 3_500

  /// The stress options of one variant's run.
  /// - Parameter trials: the trials to run.
  func stress(trials: Int) -> StressOptions {
    var options = stress
    options.trials = trials
    return options
  }

  /// The stress options of one variant's pilot: its own seed, no replays.
  func pilot(_ sizing: StressTrialSizing) -> StressOptions {
    var options = stress
    options.trials = sizing.pilotTrials
    options.seed = seed ^ 0x5049_4C4F_54
    options.deriveReplays = false
    return options
  }

  /// The stress trials a second on two quiet cores: 7,400–9,400 per
  /// variant, measured in default and `--thorough` runs; other work on the
  /// machine divides it by about `1 + load / cores`.
  static let quietStressTrialsPerSecond = 8_500.0

  /// The systematic trials a second, settled by counting their jobs:
  /// 2,900–3,100 measured on two cores.
  static let systematicTrialsPerSecond = 2_800.0

  /// How much slower stress trials run on a machine with this 1-minute load:
  /// `1 + load / cores`.
  /// - Parameters:
  ///   - load: the 1-minute load average, `nil` if unknown (taken as quiet).
  ///   - cores: the logical CPUs.
  static func slowdown(load: Double?, cores: Int) -> Double {
    1 + max(load ?? 0, 0) / Double(max(cores, 1))
  }

  /// The stress trials at ``quietStressTrialsPerSecond`` slowed down by the
  /// machine's load (`slowdown`), the systematic ones at ``systematicTrialsPerSecond``
  /// (settled by counting their jobs), about 40 over real HTTP.
  /// - Parameters:
  ///   - count: the variants.
  ///   - slowdown: how much slower than on a quiet machine stress trials run.
  func estimatedDuration(variants count: Int, slowdown: Double = 1) -> Duration {
    let variants = Double(count)
    let stressTrials = stressSizing.map { Double(Self.typicalSizedTrials + $0.pilotTrials) } ?? Double(stress.trials)
    let rate = Self.quietStressTrialsPerSecond / max(slowdown, 1)
    let stressSeconds = modes.includesStress ? stressTrials / rate * variants : 0
    // Above the limit, up to `randomSchedules` orderings are tried in
    // turn before a larger space is sampled with as many again.
    let systematicTrials: Double =
      taps <= systematic.exhaustiveActionLimit ? (taps == 2 ? 110 : 1_800) : 2 * Double(systematic.randomSchedules)
    let systematicSeconds = modes.includesSystematic ? systematicTrials / Self.systematicTrialsPerSecond * variants : 0
    let httpScenes = Double(count / CancellationStyle.allCases.count)
    let httpSeconds = server != nil && modes.includesStress ? Double(httpTrials) / 40 * httpScenes : 0
    return .seconds(stressSeconds + systematicSeconds + httpSeconds)
  }
}
