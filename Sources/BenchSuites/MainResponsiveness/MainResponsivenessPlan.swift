import BenchKit
import MockNetwork
import ProfileScene

/// The cases and counts of one run, from the options.
struct MainResponsivenessPlan {
  /// The network: log-normal around 10 ms, so responses arrive at varying
  /// phases of the frame.
  static let network = LatencyModel.logNormal(median: .milliseconds(10), spread: 0.25)

  var cases: [MainResponsivenessCase] = []
  var postCounts: [Int]
  var runner: RunnerConfiguration

  init(options: BenchOptions) {
    runner = options.runnerConfiguration(
      standard: RunnerConfiguration(iterations: 20, warmUpIterations: 2, maxTime: .seconds(60)),
      quick: RunnerConfiguration(iterations: 2, warmUpIterations: 1, maxTime: .seconds(5)))
    postCounts = options.quick ? [10, 1_000] : [10, 100, 1_000]
    for hertz in [60, 120] {
      for posts in postCounts {
        for placement in WorkPlacement.allCases {
          cases.append(MainResponsivenessCase(placement: placement, hertz: hertz, posts: posts))
        }
      }
    }
  }
}
