import Foundation
import IsolationChecks
import ProfileScene
import Synchronization
import Testing

/// The same table wherever the user runs it: `runSystematic()` inside a
/// test, beside other work that keeps both cores busy with async tasks in
/// the same process, gives the same table twice, with every trial settled
/// by counting its own jobs.
@Suite struct DeterminismUnderLoadTests {
  @MainActor
  @Test func theSameSeedGivesTheSameTableWhileOtherWorkKeepsBothCoresBusy() async throws {
    let load = BusyWork.start(workers: 4)
    defer { load.stop() }
    let checker = RefetchChecker(
      scene: .shipped(.guide, policy: .guide),
      configuration: CheckConfiguration(actions: 2, cancellationStyle: .urlSession))
    let before = load.rounds
    let first = await checker.runSystematic(SystematicOptions(seed: 42))
    let second = await checker.runSystematic(SystematicOptions(seed: 42))
    #expect(load.rounds > before, "the other work ran while the checker did")

    for report in [first, second] {
      #expect(report.trials == 126)
      #expect(report.trialsSettledByCounting == report.trials, "\(report.table)")
      #expect(report.trialsSettledByTiming == 0 && report.settleFallback == nil)
      #expect(report.divergences == 0)
    }
    #expect(first.counts == second.counts)
    #expect(first.observedCounts == second.observedCounts)
    #expect(first.checkFailures == second.checkFailures)
    #expect(first.examples.mapValues { $0.map(\.schedule) } == second.examples.mapValues { $0.map(\.schedule) })
    // The guide's scene's table, as the README states it.
    #expect(first.count(.staleFlash) == 49 && first.count(.spuriousError) == 28, "\(first.table)")
  }
}

/// Async work of other tests: tasks on the global executor that keep both
/// cores busy, hashing and yielding, until stopped.
final class BusyWork: Sendable {
  private let stopped = Atomic<Bool>(false)
  private let count = Atomic<Int>(0)

  /// Rounds of work done so far.
  var rounds: Int { count.load(ordering: .relaxed) }

  /// Starts `workers` tasks, at the default priority, off the main actor.
  nonisolated static func start(workers: Int) -> BusyWork {
    let work = BusyWork()
    for _ in 0..<workers {
      Task(priority: .medium) { await work.run() }
    }
    return work
  }

  /// Stops every worker.
  func stop() { stopped.store(true, ordering: .relaxed) }

  private nonisolated func run() async {
    while !stopped.load(ordering: .relaxed) {
      var hasher = Hasher()
      for value in 0..<2_000 { hasher.combine(value) }
      _ = hasher.finalize()
      count.add(1, ordering: .relaxed)
      await Task.yield()
    }
  }
}
