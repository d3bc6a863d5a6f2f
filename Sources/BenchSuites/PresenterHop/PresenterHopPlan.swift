import BenchKit
import HopProbes

/// The counts and grids of one `presenter-hop` run, from the options.
///
/// `--iterations`, `--warmup` and `--max-time` apply to the main, interleaved
/// section; the busy-main-actor sections pace their samples to the frame and
/// use their own counts (smaller under `--quick`).
struct PresenterHopPlan {
  /// The idle time before each sample of the interleaved section (see
  /// ``settle()``): 1 ms, past the few hundred µs for which a virtual
  /// machine may keep an idle CPU polling before it halts it.
  static let settle = Duration.milliseconds(1)
  /// Presents per batch in batched mode.
  static let batchSize = 32
  /// Interactors presenting at once.
  static let concurrentInteractors = [1, 2, 4, 8]
  /// The simulated UIs: a quarter, then three quarters, of each frame spent
  /// on the main actor. Not half: with half, a hop's median falls exactly
  /// between "arrived while idle" and "arrived during the work", and flips
  /// from run to run.
  static let frameLoads = [
    FrameLoadSpec(hertz: 60, work: .milliseconds(4)),
    FrameLoadSpec(hertz: 60, work: .milliseconds(12)),
    FrameLoadSpec(hertz: 120, work: .milliseconds(2)),
    FrameLoadSpec(hertz: 120, work: .milliseconds(6)),
  ]

  /// The interleaved section: floor, mechanisms, payloads, batches, concurrency.
  var core: RunnerConfiguration
  /// One busy-main-actor latency section (per frame load).
  var busyLatency: RunnerConfiguration
  /// One busy-main-actor frame-budget section (per frame load).
  var busyBudget: RunnerConfiguration

  init(options: BenchOptions) {
    core = options.runnerConfiguration(
      standard: RunnerConfiguration(
        iterations: 1_000, warmUpIterations: 50, warmUpTime: .milliseconds(300), maxTime: .seconds(90)),
      quick: RunnerConfiguration(iterations: 150, warmUpIterations: 10, maxTime: .seconds(12)))
    busyLatency =
      options.quick
      ? RunnerConfiguration(iterations: 12, warmUpIterations: 1, maxTime: .seconds(1), seed: options.seed)
      : RunnerConfiguration(iterations: 250, warmUpIterations: 5, maxTime: .seconds(6), seed: options.seed)
    busyBudget =
      options.quick
      ? RunnerConfiguration(iterations: 2, warmUpIterations: 0, maxTime: .seconds(1), seed: options.seed)
      : RunnerConfiguration(iterations: 20, warmUpIterations: 2, maxTime: .seconds(2), seed: options.seed)
  }

  /// A rough wall time, for the estimate printed before the run.
  var estimate: Duration {
    // One round of every interleaved variant, each after its 1 ms settle.
    let coreRound = Duration.milliseconds(30)
    var total = coreRound * (core.iterations + core.warmUpIterations)
    if let cap = core.maxTime { total = min(total, cap) }
    for load in Self.frameLoads {
      total += load.period * (busyLatency.iterations + busyLatency.warmUpIterations) / 2
      total += load.period * (busyBudget.iterations + busyBudget.warmUpIterations)
    }
    return total
  }
}
