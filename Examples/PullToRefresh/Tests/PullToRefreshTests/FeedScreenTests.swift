import PullToRefreshChecks
import ScreenChecks
import Testing

/// The feed screen, checked as its team would check it: every ordering of
/// its first load and two pulls to refresh against the answers, then
/// randomised trials on real executors.
@Suite struct FeedScreenTests {
  @MainActor
  @Test func theFeedShowsTheNewestLoadOnly() async throws {
    let checker = ScreenChecker(feedScreen, configuration: CheckConfiguration(actions: 2))
    let report = try await checker.runSystematic()
    print(report.table)
    #expect(report.trials > 0 && !report.stoppedAtBudget)
    #expect(report.violations == 0, "\(report.table)")
  }

  @MainActor
  @Test func theFeedHoldsUpOnRealExecutors() async throws {
    let checker = ScreenChecker(
      feedScreen, configuration: CheckConfiguration(actions: 2, cancellationStyle: .urlSession))
    let report = try await checker.runStress(StressOptions(trials: 2_000, seed: 1))
    #expect(report.violations == 0, "\(report.table)")
  }

  @MainActor
  @Test func theFlawedFeedShowsACancelledLoadAsAnError() async throws {
    let checker = ScreenChecker(flawedFeedScreen, configuration: CheckConfiguration(actions: 2))
    let report = try await checker.runSystematic()
    print(report.table)
    #expect(report.count(.spuriousError) > 0, "\(report.table)")
    #expect(report.table.contains("replay spurious-error: "), "\(report.table)")
  }
}
