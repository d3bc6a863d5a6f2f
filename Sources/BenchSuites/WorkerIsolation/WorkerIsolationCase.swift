import BenchKit
import Foundation
import MockNetwork
import ProfileScene

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
