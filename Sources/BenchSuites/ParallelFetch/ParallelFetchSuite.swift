import BenchKit
import Foundation
import MockNetwork
import ProfileScene

/// Suite `parallel-fetch`: `async let` against sequential awaits, a task
/// group and the `DispatchGroup` code it replaces, through the real
/// `ProfileWorker` over `MockTransport`, next to the ideal.
///
/// Each iteration records the latencies the mock achieved for its requests,
/// so the ideal is exact for that iteration: their maximum for the parallel
/// strategies, their sum for sequential. Overhead is measured minus ideal.
struct ParallelFetchSuite: BenchSuite {
  let name = "parallel-fetch"
  let summary = "async let vs sequential, task group and DispatchGroup fetches, next to the ideal."
  let options = [RealServerOption.baseURL.spec]

  /// The jittered latency model: log-normal around the configured latency.
  static let jitterSpread = 0.25

  func estimatedDuration(for options: BenchOptions) -> Duration {
    let plan = ParallelFetchPlan(options: options)
    let rounds = Double(plan.runner.iterations + plan.runner.warmUpIterations)
    let perRound = plan.cases.map(\.expectedDuration).reduce(.zero, +) + .microseconds(100) * plan.cases.count
    let estimate = perRound * rounds
    return plan.runner.maxTime.map { min(estimate, $0) } ?? estimate
  }

  func run(in context: SuiteContext) async throws -> SuiteReport {
    let plan = ParallelFetchPlan(options: context.options)
    if let server = plan.server { try await RealServerOption.probe(server) }
    var seeds = context.makeGenerator(stream: 1)
    let dataset = MockDataset()
    let measured = plan.cases.map { MeasuredCase($0, server: plan.server, dataset: dataset, seed: seeds.next()) }

    var run = try await context.run(measured.map(\.variant), configuration: plan.runner)
    run.variants += measured.compactMap(\.calibration)

    let table = ParallelFetchTable(run: run, cases: plan.cases, bootstrap: context.bootstrap)
    return SuiteReport(
      tables: [
        .init(name: name, table: table.summary),
        .init(name: "\(name)-samples", table: run.samplesTable()),
      ],
      headline: table.headline,
      notes: table.notes,
      run: run
    )
  }
}

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

/// The cases and counts of one run, from the options.
struct ParallelFetchPlan {
  var cases: [ParallelFetchCase] = []
  var runner: RunnerConfiguration
  /// The real server of `--base-url`, if any: its latency is the server's to
  /// set, so the plan has one case per strategy and route count, and no
  /// time-to-error or calibration cases.
  var server: URL?

  static let standardLatencies: [Duration] = [.zero, .milliseconds(1), .milliseconds(5), .milliseconds(20)]
  static let quickLatencies: [Duration] = [.zero, .milliseconds(5)]

  init(options: BenchOptions) {
    runner = options.runnerConfiguration(
      standard: RunnerConfiguration(
        iterations: 40, warmUpIterations: 3, warmUpTime: .milliseconds(200), maxTime: .seconds(90)),
      quick: RunnerConfiguration(iterations: 12, warmUpIterations: 1, maxTime: .seconds(8)))
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

/// A case wired to its own mock: the variant to run, and afterwards the
/// mock's calibration (configured against achieved latency).
struct MeasuredCase {
  let spec: ParallelFetchCase
  let transport: any RequestRecording
  let variant: BenchmarkVariant

  init(_ spec: ParallelFetchCase, server: URL?, dataset: MockDataset, seed: UInt64) {
    self.spec = spec
    let transport: any RequestRecording & HTTPTransport
    switch spec.scenario {
    case .fetch where server != nil:
      transport = RealServerOption.transport()
    case .fetch:
      transport = MockTransport(
        .init(
          dataset: dataset, user: RouteBehavior(latency: spec.latencyModel),
          posts: RouteBehavior(latency: spec.latencyModel), seed: seed))
    case .timeToError:
      transport = MockTransport(
        .init(
          dataset: dataset, user: RouteBehavior(latency: spec.latencyModel),
          posts: RouteBehavior(failures: [FailureRule(.status(500))]), seed: seed))
    }
    self.transport = transport
    let worker = ProfileWorker(transport: transport, baseURL: server ?? ProfileWorker.defaultBaseURL)
    let routes = FetchRoute.first(spec.routes)
    let strategy = spec.strategy
    let expectsError = spec.scenario == .timeToError

    variant = BenchmarkVariant(
      name: spec.title, parameters: spec.parameters, metrics: ["elapsed_ns", "ideal_ns", "overhead_ns"]
    ) {
      let clock = ContinuousClock()
      let before = transport.requestCount
      let start = clock.now
      var failed = false
      do {
        blackHole(try await strategy.fetch(routes, with: worker))
      } catch let error as ProfileError where expectsError && error == .unexpectedStatus(500) {
        failed = true
      }
      let elapsed = start.duration(to: clock.now).nanoseconds
      guard failed == expectsError else { throw ParallelFetchError.unexpectedOutcome(spec.title, failed: failed) }

      let achieved = transport.records(after: before).map { ($0.achievedLatency ?? .zero).nanoseconds }
      let ideal: Double
      if expectsError {
        // The earliest the failure can be known: when the failing request answered.
        ideal = transport.records(after: before).first { $0.route == .posts }?.achievedLatency?.nanoseconds ?? 0
      } else {
        ideal = strategy.isParallel ? achieved.max() ?? 0 : achieved.reduce(0, +)
      }
      return [elapsed, ideal, elapsed - ideal]
    }
  }

  /// The mock's overshoot above its fixed latency for every request of this
  /// case, as a calibration row; `nil` for jittered or zero latency, and for
  /// all but one strategy (one calibration row per latency).
  var calibration: VariantResult? {
    guard spec.scenario == .fetch, spec.transport == "mock", spec.distribution == .fixed, spec.latency > .zero,
      spec.routes == 2, spec.strategy == .asyncLet
    else { return nil }
    let overshoots = transport.records(after: 0).compactMap { record -> Double? in
      guard let planned = record.plannedLatency, let achieved = record.achievedLatency else { return nil }
      return (achieved - planned).nanoseconds
    }
    return VariantResult(
      name: "mock calibration, \(spec.latency.parseableDescription) fixed",
      parameters: [
        .init("scenario", "calibration"), .init("strategy", "mock"), .init("routes", "1"),
        .init("latency_ms", CellFormat.number(spec.latency.nanoseconds / 1e6)), .init("distribution", "fixed"),
        .init("transport", "mock"),
      ],
      metrics: [SampleSet(metric: "overshoot_ns", values: overshoots)],
      completedIterations: overshoots.count,
      requestedIterations: overshoots.count
    )
  }
}

/// Why an iteration of the suite could not be measured.
enum ParallelFetchError: Error, CustomStringConvertible {
  case unexpectedOutcome(String, failed: Bool)

  var description: String {
    switch self {
    case .unexpectedOutcome(let title, let failed):
      failed ? "\(title): the fetch failed unexpectedly" : "\(title): the injected failure was not reported"
    }
  }
}
