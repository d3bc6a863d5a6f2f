import BenchKit
import Foundation
import MockNetwork
import ProfileScene
import Testing

@testable import BenchSuites

@Suite struct WorkerIsolationSuiteTests {
  // One per test, not a static: a Data kept in a global until exit is reported by
  // LeakSanitizer (see scripts/lsan-suppressions.txt).
  let dataset = MockDataset(scale: .init(users: 2, postsPerUser: 25, bodyLength: 500))

  /// The struct and the actor worker return the same users and posts for
  /// the same batch, and each load gets the user it asked for.
  @Test(arguments: [1, 4, 16])
  func bothWorkersReturnTheSameLoads(count: Int) async throws {
    var results: [[Int: WorkerIsolationProbe.Load]] = []
    for worker in WorkerIsolationCase.workers {
      let transport = MockTransport(.init(dataset: dataset))
      let batch = try await WorkerIsolationProbe.loadConcurrently(
        count, through: worker.makeWorker(transport: transport))
      #expect(batch.loads.count == count)
      for load in batch.loads {
        #expect(load.user == dataset.user(id: load.userId))
        #expect(load.posts == dataset.posts(userId: load.userId))
      }
      #expect(transport.snapshot.completed == 2 * count)
      results.append(Dictionary(batch.loads.map { ($0.userId, $0) }, uniquingKeysWith: { first, _ in first }))
    }
    #expect(results[0].mapValues(\.user) == results[1].mapValues(\.user))
    #expect(results[0].mapValues(\.posts) == results[1].mapValues(\.posts))
  }

  /// Gates hold every request: both workers must have all of a batch's
  /// requests in flight at once, so the transport's maximum in flight is 2N.
  @Test(arguments: WorkerIsolationCase.workers)
  func everyRequestOfABatchIsInFlightAtOnce(worker: WorkPlacement) async throws {
    let transport = MockTransport(.init(dataset: dataset, gated: true))
    let fetching = worker.makeWorker(transport: transport)
    let batch = Task { try await WorkerIsolationProbe.loadConcurrently(4, through: fetching) }

    try await transport.waitForPending(8, timeout: .seconds(10))
    transport.releaseAll()

    #expect(try await batch.value.loads.count == 4)
    #expect(transport.snapshot.maxInFlight == 8)
  }

  @Test func aQuickRunComparesTheActorWithTheStructAtEveryLoadCount() async throws {
    var options = BenchOptions()
    options.quick = true
    // No time cap: a slow build (debug, ThreadSanitizer) must finish the run, not cut it short.
    options.maxTime = .seconds(3_600)
    options.iterations = 1
    options.warmUpIterations = 0
    let context = SuiteContext(
      options: options, environment: BenchEnvironment.capture(clock: ClockCalibration.measure(reads: 100)))

    let report = try await WorkerIsolationSuite().run(in: context)

    let plan = WorkerIsolationPlan(options: options)
    let summary = try #require(report.tables.first { $0.name == "worker-isolation" }?.table)
    #expect(summary.rows.count == plan.cases.count * (WorkerIsolationCase.metrics.count + 1))
    #expect(summary.columns.suffix(3) == WorkerIsolationTable.ratioColumns)
    let workers = try #require(summary.column("worker"))
    let metrics = try #require(summary.column("metric"))
    let ratios = try #require(summary.column("throughput_vs_struct"))
    for index in workers.indices {
      let expectsRatio = workers[index] == "actor" && metrics[index] == "loads_per_s"
      #expect(ratios[index].isEmpty == !expectsRatio, "row \(summary.rows[index])")
    }
    let inFlight = summary.rows.filter { $0[summary.columns.firstIndex(of: "metric")!] == "max_in_flight" }
    let loadsColumn = summary.columns.firstIndex(of: "loads")!
    let maxColumn = summary.columns.firstIndex(of: "max")!
    // How many requests overlap in a timed run depends on the scheduler (a
    // ThreadSanitizer build may finish one before the next starts), so only
    // the bounds are asserted here; `everyRequestOfABatchIsInFlightAtOnce`
    // proves with gates that every request of a batch can be in flight at once.
    #expect(inFlight.count == plan.cases.count)
    for row in inFlight {
      let observed = try #require(Int(row[maxColumn]))
      #expect((1...2 * Int(row[loadsColumn])!).contains(observed), "row \(row)")
    }
    let loads = try #require(report.tables.first { $0.name == "worker-isolation-loads" }?.table)
    #expect(loads.rows.count == plan.cases.map(\.loads).reduce(0, +))
    #expect(WorkerIsolationSuite().runsByDefault == false)
  }
}
