import BenchKit
import Foundation
import MockNetwork
import ProfileScene

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
