import EverydayScreensChecks
import ScreenChecks
import ScreenChecksTesting
import Testing

/// The three everyday screens, checked as their team would check them:
/// every ordering of three actions against the answers, then 10,000
/// randomised trials on real executors; each flawed version is caught with
/// the outcome its flaw produces, and its replay kept as a regression test.
@Suite struct EverydayScreensTests {
  static let stress = StressOptions(trials: 10_000, seed: 1)

  // MARK: - The user's detail, with "Try again"

  @MainActor
  @Test func theDetailShowsTheNewestSelectionAfterARetry() async throws {
    let checker = ScreenChecker(userDetailScreen, configuration: CheckConfiguration(actions: 3))
    let report = try await checker.expectNothingForbidden()
    print(report.table)
    #expect(report.trials > 0 && !report.stoppedAtBudget)
    // The retry of a failed load wins, and so does a selection made while it runs.
    try await checker.expectNothingForbidden(replaying: "q1,user1f,a2,user2")
    try await checker.expectNothingForbidden(replaying: "q1,user1f,a2,q3,user3,user2")
  }

  @MainActor
  @Test func theDetailHoldsUpOnRealExecutors() async throws {
    let checker = ScreenChecker(userDetailScreen, configuration: CheckConfiguration(actions: 3))
    try await checker.expectNothingForbidden(stress: Self.stress)
  }

  @MainActor
  @Test func theFlawedDetailLetsAnUnkeptRetryReplaceANewerSelection() async throws {
    let checker = ScreenChecker(flawedUserDetailScreen, configuration: CheckConfiguration(actions: 3))
    let report = try await checker.runSystematic()
    print(report.table)
    #expect(report.count(.staleFinal) > 0, "\(report.table)")
    #expect(report.table.contains("replay stale-final: q1,user1f,a2,q3"), "\(report.table)")
    await withKnownIssue("the flawed detail's retry, answering last, replaces the newer selection") {
      try await checker.expectNothingForbidden(replaying: "q1,user1f,a2,q3,user3,user2")
    }
  }

  // MARK: - The feed, with more pages and refreshes

  @MainActor
  @Test func theFeedKeepsEachRefreshsPagesApart() async throws {
    let checker = ScreenChecker(storyFeedScreen, configuration: CheckConfiguration(actions: 3))
    let report = try await checker.expectNothingForbidden()
    print(report.table)
    #expect(report.trials > 0 && !report.stoppedAtBudget)
  }

  @MainActor
  @Test func theFeedHoldsUpOnRealExecutors() async throws {
    let checker = ScreenChecker(storyFeedScreen, configuration: CheckConfiguration(actions: 3))
    try await checker.expectNothingForbidden(stress: Self.stress)
  }

  @MainActor
  @Test func theFlawedFeedAppendsAnOlderRefreshsPage() async throws {
    let checker = ScreenChecker(flawedStoryFeedScreen, configuration: CheckConfiguration(actions: 3))
    let report = try await checker.runSystematic()
    print(report.table)
    #expect(report.count(.foreignPage) > 0, "\(report.table)")
    #expect(report.table.contains("replay foreign-page: "), "\(report.table)")
    // The finding kept as a test: it fails while the bug is there, and
    // passes on the correct feed, whose refresh cancels the page (feed3 is skipped).
    await withKnownIssue("the flawed feed appends the old list's page to the refreshed one") {
      try await checker.expectNothingForbidden(replaying: "r1,feed1,r2,n3,feed2,feed3")
    }
    let correct = ScreenChecker(storyFeedScreen, configuration: CheckConfiguration(actions: 3))
    try await correct.expectNothingForbidden(replaying: "r1,feed1,r2,n3,feed2,feed3")
  }

  // MARK: - The search, ignoring short queries

  @MainActor
  @Test(arguments: [2, 3])
  func theSearchClearsOnAShortQuery(actions: Int) async throws {
    let checker = ScreenChecker(repositorySearchScreen, configuration: CheckConfiguration(actions: actions))
    let report = try await checker.expectNothingForbidden()
    print(report.table)
    #expect(report.trials > 0 && !report.stoppedAtBudget)
  }

  @MainActor
  @Test func theSearchHoldsUpOnRealExecutors() async throws {
    let checker = ScreenChecker(repositorySearchScreen, configuration: CheckConfiguration(actions: 2))
    try await checker.expectNothingForbidden(stress: Self.stress)
  }

  @MainActor
  @Test func theFlawedSearchLeavesTheSpinnerOnAfterAShortQuery() async throws {
    let checker = ScreenChecker(flawedRepositorySearchScreen, configuration: CheckConfiguration(actions: 2))
    let report = try await checker.runSystematic()
    print(report.table)
    #expect(report.count(.spinnerStuck) > 0, "\(report.table)")
    #expect(report.table.contains("replay spinner-stuck: q1,q2"), "\(report.table)")
    await withKnownIssue("the short query leaves the spinner on") {
      try await checker.expectNothingForbidden(replaying: "q1,q2")
    }
    let correct = ScreenChecker(repositorySearchScreen, configuration: CheckConfiguration(actions: 2))
    try await correct.expectNothingForbidden(replaying: "q1,q2")
  }
}
