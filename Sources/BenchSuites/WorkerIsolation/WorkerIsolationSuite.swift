import BenchKit
import Foundation
import MockNetwork
import ProfileScene

/// Suite `worker-isolation`: 1 to 16 concurrent profile loads through one
/// shared worker, a stateless struct (the guides' summary) or an actor (the
/// guides' isolation table), at three decode costs.
///
/// The network takes a fixed 10 ms; decoding 10, 100 or 1,000 posts of about
/// 2,000 characters takes from a small fraction of that to more than it. An
/// actor is reentrant, so both workers keep every request in flight at once;
/// what the actor serialises is the decoding. Each iteration reports the
/// batch's throughput, the transport's maximum in flight, and the process's
/// CPU time over wall time: how many cores the loads kept busy.
///
/// Opt-in: about 25 s at full size.
struct WorkerIsolationSuite: BenchSuite {
  let name = "worker-isolation"
  let summary = "1–16 concurrent loads through a shared struct or actor worker, by decode cost (opt-in, ~25 s)."
  /// The standard options it reads: the runner's counts and caps, and the seed; latencies are the suite's own.
  let standardOptions: Set<String> = ["quick", "iterations", "warmup", "max-time", "seed"]
  let runsByDefault = false

  func estimatedDuration(for options: BenchOptions) -> Duration {
    let plan = WorkerIsolationPlan(options: options)
    let rounds = plan.runner.iterations + plan.runner.warmUpIterations
    let estimate = plan.cases.map(\.expectedDuration).reduce(.zero, +) * rounds
    return plan.runner.maxTime.map { min(estimate, $0) } ?? estimate
  }

  func run(in context: SuiteContext) async throws -> SuiteReport {
    let plan = WorkerIsolationPlan(options: context.options)
    var datasets: [Int: MockDataset] = [:]
    for posts in plan.postCounts { datasets[posts] = DecodeHeavyPayload.dataset(posts: posts) }
    var seeds = context.makeGenerator(stream: 3)
    let recorder = LoadLatencyRecorder()

    let variants = plan.cases.map { spec in
      let configuration = MockTransport.Configuration(
        dataset: datasets[spec.posts]!, user: RouteBehavior(latency: .fixed(WorkerIsolationPlan.latency)),
        posts: RouteBehavior(latency: .fixed(WorkerIsolationPlan.latency)), seed: seeds.next())
      return BenchmarkVariant(name: spec.title, parameters: spec.parameters, metrics: WorkerIsolationCase.metrics) {
        // A fresh mock per batch, so that its maximum in flight is this batch's.
        let transport = MockTransport(configuration)
        let worker = spec.worker.makeWorker(transport: transport)
        let batch = try await WorkerIsolationProbe.loadConcurrently(spec.loads, through: worker)
        for load in batch.loads where load.user.id != load.userId || load.posts.count != spec.posts {
          throw WorkerIsolationError.wrongResult(spec.title, userId: load.userId)
        }
        recorder.record(batch.loads.map(\.latency.nanoseconds), for: spec.title)
        let wall = batch.wall.nanoseconds
        return [
          wall, Double(spec.loads) / (wall / 1e9), batch.cpu.nanoseconds, batch.cpu.nanoseconds / wall,
          Double(transport.snapshot.maxInFlight),
        ]
      }
    }

    let run = try await context.run(variants, configuration: plan.runner)
    let table = WorkerIsolationTable(
      run: run, cases: plan.cases, latencies: recorder.latenciesByVariant, bootstrap: context.bootstrap)
    return SuiteReport(
      tables: [
        .init(name: name, table: table.summary),
        .init(name: "\(name)-samples", table: run.samplesTable()),
        .init(name: "\(name)-loads", table: table.loads),
      ],
      headline: table.headline,
      notes: table.notes,
      run: run
    )
  }
}

/// What one variant of the suite measures: a worker, a number of concurrent
/// loads and a payload.
struct WorkerIsolationCase: Sendable, Hashable {
  /// The per-iteration metrics, in the order bodies return them.
  static let metrics = ["wall_ns", "loads_per_s", "cpu_ns", "busy_cores", "max_in_flight"]
  /// The workers compared: the guides' struct and the isolation table's actor.
  static let workers: [WorkPlacement] = [.structWorker, .actorWorker]

  var worker: WorkPlacement
  var loads: Int
  var posts: Int

  /// `struct` or `actor`.
  var workerName: String { worker == .actorWorker ? "actor" : "struct" }

  var title: String { "worker isolation, \(posts) posts, \(loads) loads, \(workerName) worker" }

  var parameters: [BenchmarkParameter] {
    [
      .init("worker", workerName),
      .init("loads", String(loads)),
      .init("posts", String(posts)),
      .init("body_chars", String(DecodeHeavyPayload.bodyLength)),
      .init("latency_ms", CellFormat.number(WorkerIsolationPlan.latency.nanoseconds / 1e6)),
    ]
  }

  /// A rough duration of one batch: the network, then decoding at about
  /// 12 µs a post, on one core for the actor and two for the struct.
  var expectedDuration: Duration {
    let decoding = Duration.microseconds(12) * (posts * loads)
    return WorkerIsolationPlan.latency + (worker == .actorWorker ? decoding : decoding / 2)
  }
}

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

/// Every load's latency, by variant, in measurement order (warm-up batches first).
final class LoadLatencyRecorder {
  private let lock = NSLock()
  private var batches: [String: [[Double]]] = [:]

  func record(_ latencies: [Double], for variant: String) {
    lock.withLock { batches[variant, default: []].append(latencies) }
  }

  var latenciesByVariant: [String: [[Double]]] {
    lock.withLock { batches }
  }
}

// Safety: `batches` is read and written only while `lock` is held.
extension LoadLatencyRecorder: @unchecked Sendable {}

/// Why a batch of the suite could not be measured.
enum WorkerIsolationError: Error, CustomStringConvertible {
  case wrongResult(String, userId: Int)

  var description: String {
    switch self {
    case .wrongResult(let title, let userId):
      "\(title): the load of user \(userId) returned another user or the wrong number of posts"
    }
  }
}
