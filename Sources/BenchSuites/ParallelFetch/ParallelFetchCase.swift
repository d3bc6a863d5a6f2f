import BenchKit
import Foundation
import MockNetwork
import ProfileScene

/// What one variant of the suite measures.
struct ParallelFetchCase: Sendable, Equatable {
  /// Fetch all routes, or fail `posts` at once while `user` takes the full latency.
  enum Scenario: String, Sendable {
    case fetch
    case timeToError = "time-to-error"
  }

  enum Distribution: String, Sendable {
    case fixed
    case jittered
    /// Whatever the real server of `--base-url` does.
    case server
  }

  var scenario: Scenario
  var strategy: FetchStrategy
  var routes: Int
  var latency: Duration
  var distribution: Distribution
  /// `mock`, or the base URL of the real server the case runs against.
  var transport = "mock"

  var latencyModel: LatencyModel {
    switch distribution {
    case .fixed, .server: .fixed(latency)
    case .jittered: .logNormal(median: latency, spread: ParallelFetchSuite.jitterSpread)
    }
  }

  var title: String {
    let latencyText =
      "\(latency == .zero ? "0 ms" : latency.parseableDescription)\(distribution == .jittered ? " jittered" : "")"
    switch scenario {
    case .fetch where transport != "mock":
      return "parallel fetch over HTTP, \(routes) routes, \(strategy.title)"
    case .fetch: return "parallel fetch, \(routes) routes, \(latencyText), \(strategy.title)"
    case .timeToError: return "time to error, posts fails at once, user \(latencyText), \(strategy.title)"
    }
  }

  var parameters: [BenchmarkParameter] {
    [
      .init("scenario", scenario.rawValue),
      .init("strategy", strategy.rawValue),
      .init("routes", String(routes)),
      .init("latency_ms", distribution == .server ? "" : CellFormat.number(latency.nanoseconds / 1e6)),
      .init("distribution", distribution.rawValue),
      .init("transport", transport),
    ]
  }

  /// The case sequential fetching of the same routes is compared with.
  var sequentialBaseline: ParallelFetchCase {
    var baseline = self
    baseline.strategy = .sequential
    return baseline
  }

  /// A rough duration of one iteration, for the run's estimate.
  var expectedDuration: Duration {
    switch (scenario, strategy) {
    case (.fetch, .sequential): latency * routes
    case (.fetch, _), (.timeToError, _): latency
    }
  }
}
