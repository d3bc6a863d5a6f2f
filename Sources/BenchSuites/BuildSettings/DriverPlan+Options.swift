import BenchKit
import BuildSettingsSupport

/// The counts of one run, from the options.
extension DriverPlan {
  /// The payloads a run sweeps, in posts per response: the
  /// main-responsiveness suite's sizes; `--quick` stops at 100.
  static func payloads(quick: Bool) -> [Int] {
    quick ? [10, 100] : [10, 100, 1_000]
  }

  /// The plan of one payload's run; the hop and the refetch checker, which
  /// do not depend on the payload, only where `measuresPayloadFreeFigures`.
  init(options: BenchOptions, posts: Int, measuresPayloadFreeFigures: Bool) {
    self.init(
      iterations: options.iterations(standard: 7, quick: 2), posts: posts, concurrentLoads: 4,
      hopSamples: measuresPayloadFreeFigures ? (options.quick ? 50 : 200) : 0,
      stressTrials: measuresPayloadFreeFigures ? (options.quick ? 300 : 5_000) : 0, seed: options.seed)
  }

  /// One plan per payload of ``payloads(quick:)``, smallest first; the
  /// largest payload's run also measures the hop and the refetch checker.
  static func sweep(options: BenchOptions) -> [DriverPlan] {
    let payloads = payloads(quick: options.quick)
    return payloads.map { DriverPlan(options: options, posts: $0, measuresPayloadFreeFigures: $0 == payloads.last) }
  }

  /// A rough duration of one rung's driver: per round, two single loads
  /// and a batch at about 60 ms of decoding per 1,000 posts each, plus the
  /// sequential and `async let` fetches and the tickers' settling; one
  /// warm-up round.
  var expectedRunDuration: Duration {
    (.milliseconds(posts / 15) * (4 + concurrentLoads) + .milliseconds(60)) * (iterations + 1)
      + .microseconds(150) * hopSamples * (iterations + 1) + .microseconds(250) * stressTrials * 2
  }
}
