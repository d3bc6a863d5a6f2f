import CheckerFixtures
import ScreenChecks
import Testing

/// Every way an app starts a task is counted: a search screen written each
/// way (an explicit priority, detached, immediate, task-group and `async let`
/// children with priorities, `MainActor.run`, a cancellation handler, an
/// `AsyncStream`, a result written through `DispatchQueue.main.async`) is
/// settled by counting its jobs in every trial, and two runs agree.
@Suite struct TaskShapeTests {
  /// The screen as a user describes it.
  static func screen(_ shape: TaskShape) -> ScreenDescription<TaskShapeSearchModel> {
    ScreenDescription(
      "search-\(shape)", contract: .latestWins + .loadingState + .clearing,
      actions: [.type { $0.query = $1 }, .clear { $0.query = "" }]
    ) { deps in
      TaskShapeSearchModel(shape: shape, search: deps.endpoint("search") { _, answer in answer.tokens(2) })
    } snapshot: { model in
      ScreenSnapshot(results: model.results, isLoading: model.isSearching, error: model.errorMessage)
    }
  }

  @MainActor
  @Test(arguments: TaskShape.all)
  func everyTrialIsSettledByCountingAndTwoRunsGiveTheSameTable(_ shape: TaskShape) async throws {
    let checker = ScreenChecker(Self.screen(shape), configuration: CheckConfiguration(actions: 2))
    let first = try await checker.runSystematic()
    let second = try await checker.runSystematic()
    #expect(first.settleFallback == nil, "\(first.table)")
    #expect(first.trials > 0)
    #expect(first.trialsSettledByCounting == first.trials, "\(first.table)")
    #expect(first.notQuiescent == 0, "\(first.table)")
    #expect(first.divergences == 0, "\(first.table)")
    #expect(first.violations == 0, "\(first.table)")
    #expect(first.checkFailures.isEmpty, "\(first.table)")
    #expect(second.trials == first.trials)
    #expect(second.counts == first.counts)
    #expect(second.settleFallback == nil)
  }

  /// The bound is generous: the probe waits for the queue's late call no
  /// longer than it takes to come, and on a loaded machine (a sanitizer
  /// build beside the rest of the tests, two cores) the global queue and the
  /// thread pool can take more than the default 2 s to get to it.
  @MainActor
  @Test func aTaskStartedFromAnotherQueueIsReportedAsNotCountedWithItsCause() async throws {
    let checker = ScreenChecker(
      Self.screen(.taskFromGlobalQueue),
      configuration: CheckConfiguration(actions: 2, quiescenceTimeout: .seconds(30)))
    let report = try await checker.runSystematic(SystematicOptions(maxSchedules: 3))
    let fallback = try #require(report.settleFallback, "\(report.table)")
    #expect(fallback.contains("off the main queue"), "\(fallback)")
    #expect(fallback.contains("a task started on a Dispatch queue or another thread"), "\(fallback)")
    #expect(report.trialsSettledByCounting == 0, "\(report.table)")
    #expect(report.table.contains("sampled instead of counting"), "\(report.table)")
  }
}
