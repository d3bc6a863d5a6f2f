import BenchKit
import HopProbes

/// The counts and grids of one `presenter-hop` run, from the options.
///
/// `--iterations`, `--warmup` and `--max-time` apply to the main, interleaved
/// section; the busy-main-actor sections pace their samples to the frame and
/// use their own counts (smaller under `--quick`). The default run stops each
/// variant once its median is tight (``corePrecision``, ``busyPrecision``);
/// `--thorough` and `--iterations` measure the fixed counts.
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

  /// The default run's target for the interleaved section: each variant
  /// stops once its median is known to ±5 %, after 100 to 300 iterations.
  static let corePrecision = PrecisionTarget(relativeHalfWidth: 0.05, minIterations: 100)
  /// The same for a busy-main-actor latency section: ±10 %, 100 to 250
  /// samples (a hop that meets the frame's work waits for it, so their
  /// medians are wide).
  static let busyPrecision = PrecisionTarget(relativeHalfWidth: 0.10, minIterations: 100)
  /// The variants of the interleaved section, scene round trips included; for the estimate.
  static let coreVariantCount = 24

  init(options: BenchOptions) {
    core = options.runnerConfiguration(
      standard: RunnerConfiguration(
        iterations: 300, warmUpIterations: 30, warmUpTime: .milliseconds(200), maxTime: .seconds(40),
        precision: Self.corePrecision),
      quick: RunnerConfiguration(iterations: 150, warmUpIterations: 10, maxTime: .seconds(12)),
      thorough: RunnerConfiguration(
        iterations: 1_000, warmUpIterations: 50, warmUpTime: .milliseconds(300), maxTime: .seconds(90)))
    if options.quick {
      busyLatency = RunnerConfiguration(iterations: 12, warmUpIterations: 1, maxTime: .seconds(1), seed: options.seed)
      busyBudget = RunnerConfiguration(iterations: 2, warmUpIterations: 0, maxTime: .seconds(1), seed: options.seed)
    } else if options.thorough || options.iterations != nil {
      busyLatency = RunnerConfiguration(iterations: 250, warmUpIterations: 5, maxTime: .seconds(6), seed: options.seed)
      busyBudget = RunnerConfiguration(iterations: 20, warmUpIterations: 2, maxTime: .seconds(2), seed: options.seed)
    } else {
      busyLatency = RunnerConfiguration(
        iterations: 250, warmUpIterations: 5, maxTime: .seconds(6), seed: options.seed, precision: Self.busyPrecision)
      busyBudget = RunnerConfiguration(iterations: 10, warmUpIterations: 1, maxTime: .seconds(2), seed: options.seed)
    }
  }

  /// A rough wall time, for the estimate printed before the run.
  ///
  /// With precision targets, the samples a variant needs grow with the
  /// noise, and so with the other work on the machine: the estimate goes
  /// from the minimum counts on a quiet machine to the maximum at a
  /// `slowdown` of 3.5 (see ``RefetchCancelPlan/slowdown(load:cores:)``),
  /// and each sample of the interleaved section, 1.25 ms on a quiet machine
  /// (its 1 ms settle and the hop), slows down by `0.7 + 0.3 × slowdown`, as
  /// measured on two cores at loads from 3 to 5.
  /// - Parameter slowdown: how much slower than on a quiet machine the CPUs are.
  func estimate(slowdown: Double = 1) -> Duration {
    let noise = min(max((slowdown - 1) / 2.5, 0), 1)
    func samples(_ configuration: RunnerConfiguration) -> Int {
      guard let precision = configuration.precision else { return configuration.iterations }
      let range = Double(configuration.iterations - precision.minIterations)
      return precision.minIterations + Int((range * noise).rounded())
    }
    let perSample = Duration.microseconds(1_250) * (0.7 + 0.3 * max(slowdown, 1))
    var total = perSample * (samples(core) + core.warmUpIterations) * Self.coreVariantCount
    if let cap = core.maxTime { total = min(total, cap) }
    for load in Self.frameLoads {
      total += load.period * (samples(busyLatency) + busyLatency.warmUpIterations) / 2
      total += load.period * (busyBudget.iterations + busyBudget.warmUpIterations)
    }
    return total
  }
}
