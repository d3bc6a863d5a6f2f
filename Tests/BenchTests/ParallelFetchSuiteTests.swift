import BenchKit
import Foundation
import MockNetwork
import ProfileScene
import Testing

@testable import BenchSuites

@Suite struct ParallelFetchSuiteTests {
  // One per test, not a static: a Data kept in a global until exit is reported by
  // LeakSanitizer (see scripts/lsan-suppressions.txt).
  let dataset = MockDataset()

  @Test(arguments: FetchStrategy.allCases, [2, 4, 8])
  func everyStrategyReturnsTheSamePartsInRouteOrder(strategy: FetchStrategy, routes: Int) async throws {
    let worker = ProfileWorker(transport: MockTransport(.init(dataset: dataset)))
    let parts = try await strategy.fetch(FetchRoute.first(routes), with: worker)
    let expected = try await FetchStrategy.sequential.fetch(FetchRoute.first(routes), with: worker)
    #expect(parts == expected)
    #expect(parts.count == routes)
    #expect(parts.first == .user(dataset.user(id: 1)!))
  }

  @Test(arguments: FetchStrategy.allCases)
  func parallelStrategiesOverlapTheirRequests(strategy: FetchStrategy) async throws {
    let transport = MockTransport(.init(dataset: dataset, gated: true))
    let worker = ProfileWorker(transport: transport)
    let fetch = Task { try await strategy.fetch(FetchRoute.first(4), with: worker) }

    if strategy.isParallel {
      try await transport.waitForPending(4, timeout: .seconds(10))
      transport.releaseAll()
    } else {
      for _ in 0..<4 {
        try await transport.waitForPending(1, timeout: .seconds(10))
        #expect(transport.releaseAll() == 1)
      }
    }
    _ = try await fetch.value
    #expect(transport.snapshot.maxInFlight == (strategy.isParallel ? 4 : 1))
  }

  /// The time-to-error scenario's premise, fixed by gates: with `posts`
  /// failed and `user` held, only the task group reports the failure.
  @Test(arguments: FetchStrategy.allCases)
  func onlyTheTaskGroupReportsAFailureWhileAnotherRequestIsHeld(strategy: FetchStrategy) async throws {
    let transport = MockTransport(
      .init(dataset: dataset, posts: RouteBehavior(failures: [FailureRule(.status(500))]), gated: true))
    let worker = ProfileWorker(transport: transport)
    let fetch = Task { try await strategy.fetch(FetchRoute.first(2), with: worker) }

    if strategy == .sequential {
      try await transport.waitForPending(1, route: .user, timeout: .seconds(10))
      #expect(transport.snapshot.started == 1, "sequential has not asked for posts yet")
      transport.releaseAll()
      try await transport.waitForPending(1, route: .posts, timeout: .seconds(10))
      transport.releaseAll()
      await #expect(throws: ProfileError.unexpectedStatus(500)) { try await fetch.value }
      return
    }
    try await transport.waitForPending(2, timeout: .seconds(10))
    transport.releaseNext(route: .posts)
    if strategy == .taskGroup {
      await #expect(throws: ProfileError.unexpectedStatus(500)) { try await fetch.value }
      #expect(transport.records.first { $0.route == .user }?.outcome == .cancelled)
    } else {
      try await transport.waitUntil("posts answered", timeout: .seconds(10)) { $0.failed == 1 }
      #expect(transport.snapshot.pending.map(\.route) == [.user], "user is still held")
      transport.releaseAll()
      await #expect(throws: ProfileError.unexpectedStatus(500)) { try await fetch.value }
      #expect(transport.records.first { $0.route == .user }?.outcome == .completed(status: 200))
    }
  }

  @Test func aQuickRunWritesOneRowPerVariantAndMetric() async throws {
    var options = BenchOptions()
    options.quick = true
    // No time cap: a slow build (debug, ThreadSanitizer) must finish the run, not cut it short.
    options.maxTime = .seconds(3_600)
    options.iterations = 2
    options.warmUpIterations = 0
    options.latencies = [.zero, .microseconds(200)]
    let context = SuiteContext(
      options: options, environment: BenchEnvironment.capture(clock: ClockCalibration.measure(reads: 100)))

    let report = try await ParallelFetchSuite().run(in: context)

    let summary = try #require(report.tables.first { $0.name == "parallel-fetch" }?.table)
    let plan = ParallelFetchPlan(options: options)
    let calibrationRows = 1
    let sceneLoads = SceneRegistry.shipped.interactors.count
    #expect(summary.rows.count == (plan.cases.count + sceneLoads) * 3 + calibrationRows)
    #expect(
      summary.column("strategy")?.suffix(sceneLoads * 3 + calibrationRows).dropLast()
        == ["seed", "corrected", "main-actor-seed", "main-actor-corrected"].flatMap { Array(repeating: $0, count: 3) })
    #expect(
      Array(summary.columns.prefix(8))
        == ["variant", "scenario", "strategy", "routes", "latency_ms", "distribution", "transport", "metric"])
    #expect(summary.columns.suffix(4) == ["speedup", "speedup_ci_low", "speedup_ci_high", "ideal_speedup"])
    #expect(Set(summary.column("metric") ?? []) == ["elapsed_ns", "ideal_ns", "overhead_ns", "overshoot_ns"])
    #expect(summary.column("count")?.allSatisfy { Int($0)! >= 2 } == true)
    let strategies = try #require(summary.column("strategy"))
    let speedups = try #require(summary.column("speedup"))
    let metrics = try #require(summary.column("metric"))
    for index in strategies.indices {
      let expectsSpeedup = metrics[index] == "elapsed_ns" && summary.rows[index][1] == "fetch"
      #expect(speedups[index].isEmpty == !expectsSpeedup, "row \(summary.rows[index])")
      if strategies[index] == "sequential", expectsSpeedup { #expect(speedups[index] == "1") }
    }

    let samples = try #require(report.tables.first { $0.name == "parallel-fetch-samples" }?.table)
    let calibrationSamples = try #require(Int(summary.rows.last![summary.columns.firstIndex(of: "count")!]))
    #expect(samples.rows.count == (plan.cases.count + sceneLoads) * 3 * 2 + calibrationSamples)
    #expect(report.isPartial == false)
  }
}

@Suite struct RealServerOptionTests {
  @Test(arguments: ["ftp://127.0.0.1", "127.0.0.1:8080", "http://", "http://host/path?x=1", "not a url"])
  func rejectsAnythingButAnHTTPURLWithAHost(value: String) {
    #expect(throws: InvalidValue("expected an http:// or https:// URL with a host, like http://127.0.0.1:8080")) {
      try RealServerOption.parse(value)
    }
  }

  @Test func acceptsAnHTTPURLWithAPathPrefix() throws {
    #expect(try RealServerOption.parse("http://127.0.0.1:8080/api").path == "/api")
  }

  @Test func aServerThatIsNotThereIsReportedInOneLine() async {
    let error = await #expect(throws: RealServerError.self) {
      try await RealServerOption.probe(URL(string: "http://127.0.0.1:1")!)
    }
    let description = error.map(String.init(describing:)) ?? ""
    #expect(description.hasPrefix("the server at http://127.0.0.1:1 did not answer users/1: "))
    #expect(!description.contains("\n"))
  }
}
