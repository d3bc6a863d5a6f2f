import BenchKit
import BuildSettingsSupport

/// The counts of one run, from the options.
extension DriverPlan {
  init(options: BenchOptions) {
    self.init(
      iterations: options.iterations(standard: 7, quick: 2), posts: options.quick ? 100 : 1_000, concurrentLoads: 4,
      hopSamples: options.quick ? 50 : 200, stressTrials: options.quick ? 300 : 5_000, seed: options.seed)
  }

  /// A rough duration of one rung's driver: per round, two single loads
  /// and a batch at about 60 ms of decoding each, plus the sequential and
  /// `async let` fetches; one warm-up round.
  var expectedRunDuration: Duration {
    .milliseconds(posts / 10) * (4 + concurrentLoads) * (iterations + 1)
      + .microseconds(150) * hopSamples * (iterations + 1) + .microseconds(250) * stressTrials * 2
  }
}
