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
/// Then one load through each interactor of ``scenes``, tap to display
/// (``SceneLoadSection``), on the mock only.
struct ParallelFetchSuite: BenchSuite {
  let name = "parallel-fetch"
  let summary = "async let vs sequential, task group and DispatchGroup fetches, next to the ideal."
  let options = [RealServerOption.baseURL.spec]
  /// The interactors whose scene loads are measured.
  var scenes = SceneRegistry.shipped

  /// The jittered latency model: log-normal around the configured latency.
  static let jitterSpread = 0.25

  /// Each case's expected time, 100 µs of overhead, times its rounds: with
  /// a precision target, the most for jittered latencies (their medians stay
  /// wide) and the fewest for fixed ones, as measured; then about 1.5 s for
  /// the bootstraps of its tables (two cores, measured).
  func estimatedDuration(for options: BenchOptions) -> Duration {
    let plan = ParallelFetchPlan(options: options)
    let runner = plan.runner
    func rounds(jittered: Bool) -> Int {
      let measured = runner.precision.map { jittered ? runner.iterations : $0.minIterations } ?? runner.iterations
      return measured + runner.warmUpIterations
    }
    var estimate = plan.cases.reduce(Duration.zero) { total, spec in
      total + (spec.expectedDuration + .microseconds(100)) * rounds(jittered: spec.distribution == .jittered)
    }
    if plan.server == nil {
      estimate += (plan.sceneLatency + .microseconds(300)) * scenes.interactors.count * rounds(jittered: false)
    }
    estimate = runner.maxTime.map { min(estimate, $0) } ?? estimate
    return estimate + (options.quick ? .milliseconds(300) : .milliseconds(1_500))
  }

  func run(in context: SuiteContext) async throws -> SuiteReport {
    let plan = ParallelFetchPlan(options: context.options)
    if let server = plan.server { try await RealServerOption.probe(server) }
    var seeds = context.makeGenerator(stream: 1)
    let dataset = MockDataset()
    let measured = plan.cases.map { MeasuredCase($0, server: plan.server, dataset: dataset, seed: seeds.next()) }
    var sceneLoads: SceneLoadSection?
    if plan.server == nil {
      sceneLoads = await SceneLoadSection(
        scenes: scenes, latency: plan.sceneLatency, dataset: dataset, seeds: &seeds)
    }

    var run = try await context.run(
      measured.map(\.variant) + (sceneLoads?.variants ?? []), configuration: plan.runner)
    run.variants += measured.compactMap(\.calibration)

    let table = ParallelFetchTable(
      run: run, cases: plan.cases, sceneLoads: sceneLoads, bootstrap: context.bootstrap)
    var report = SuiteReport(
      suite: name, summary: table.summary, run: run, headline: table.headline, notes: table.notes)
    report.verboseHeadline = table.verboseHeadline
    report.verboseNotes = table.verboseNotes
    return report
  }
}
