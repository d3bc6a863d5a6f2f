import BenchKit
import Foundation
import MockNetwork
import ProfileScene

/// The cases and counts of one run, from the options.
struct WorkerIsolationPlan {
  /// The network latency of every request.
  static let latency = Duration.milliseconds(10)

  var cases: [WorkerIsolationCase] = []
  var postCounts: [Int]
  var runner: RunnerConfiguration

  init(options: BenchOptions) {
    runner = options.runnerConfiguration(
      standard: RunnerConfiguration(iterations: 25, warmUpIterations: 2, maxTime: .seconds(60)),
      quick: RunnerConfiguration(iterations: 2, warmUpIterations: 1, maxTime: .seconds(5)))
    postCounts = options.quick ? [10, 1_000] : [10, 100, 1_000]
    let loadCounts = options.quick ? [1, 4, 16] : [1, 2, 4, 8, 16]
    for posts in postCounts {
      for loads in loadCounts {
        for worker in WorkerIsolationCase.workers {
          cases.append(WorkerIsolationCase(worker: worker, loads: loads, posts: posts))
        }
      }
    }
  }
}
