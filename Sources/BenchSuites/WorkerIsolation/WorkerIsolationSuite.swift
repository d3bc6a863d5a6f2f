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
      suite: name, summary: table.summary, run: run, moreTables: [.init(name: "loads", table: table.loads)],
      headline: table.headline, notes: table.notes)
  }
}
