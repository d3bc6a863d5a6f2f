import BenchKit
import Foundation
import MockNetwork
import ProfileScene

/// The cases and counts of one run, from the options.
struct ParallelFetchPlan {
  var cases: [ParallelFetchCase] = []
  var runner: RunnerConfiguration
  /// The real server of `--base-url`, if any: its latency is the server's to
  /// set, so the plan has one case per strategy and route count, and no
  /// time-to-error or calibration cases.
  var server: URL?

  /// The latency of each request of the scene loads: the route sweep's.
  var sceneLatency: Duration = .zero

  static let standardLatencies: [Duration] = [.zero, .milliseconds(1), .milliseconds(5), .milliseconds(20)]
  static let quickLatencies: [Duration] = [.zero, .milliseconds(5)]

  /// The default run's target: each variant stops once its median is known
  /// to ±5 %, after 10 to 40 iterations (the jittered ones seldom get there
  /// before 40; the fixed latencies do at 10).
  static let precision = PrecisionTarget(relativeHalfWidth: 0.05, minIterations: 10)

  init(options: BenchOptions) {
    runner = options.runnerConfiguration(
      standard: RunnerConfiguration(
        iterations: 40, warmUpIterations: 2, warmUpTime: .milliseconds(100), maxTime: .seconds(40),
        precision: Self.precision),
      quick: RunnerConfiguration(iterations: 12, warmUpIterations: 1, maxTime: .seconds(8)),
      thorough: RunnerConfiguration(
        iterations: 40, warmUpIterations: 3, warmUpTime: .milliseconds(200), maxTime: .seconds(90)))
    server = options[RealServerOption.baseURL]
    if let server {
      for routes in options.quick ? [2, 4] : [2, 4, 8] {
        for strategy in FetchStrategy.allCases {
          cases.append(
            .init(
              scenario: .fetch, strategy: strategy, routes: routes, latency: .zero, distribution: .server,
              transport: server.absoluteString))
        }
      }
      return
    }
    let latencies = options.latencies(standard: Self.standardLatencies, quick: Self.quickLatencies)
    let distributions: [ParallelFetchCase.Distribution] =
      options.jitter ? [.jittered] : options.quick ? [.fixed] : [.fixed, .jittered]
    let sweepLatency = options.latencies?.last ?? (options.quick ? .milliseconds(1) : .milliseconds(5))
    sceneLatency = sweepLatency
    let errorLatency = options.latencies?.last ?? (options.quick ? .milliseconds(5) : .milliseconds(20))

    for distribution in distributions {
      for latency in latencies where !(distribution == .jittered && latency == .zero) {
        for strategy in FetchStrategy.allCases {
          cases.append(
            .init(scenario: .fetch, strategy: strategy, routes: 2, latency: latency, distribution: distribution))
        }
      }
      for routes in options.quick ? [4] : [4, 8] {
        for strategy in FetchStrategy.allCases {
          cases.append(
            .init(
              scenario: .fetch, strategy: strategy, routes: routes, latency: sweepLatency,
              distribution: distribution))
        }
      }
    }
    for strategy in FetchStrategy.allCases {
      cases.append(
        .init(scenario: .timeToError, strategy: strategy, routes: 2, latency: errorLatency, distribution: .fixed))
    }
  }
}
