import ScreenChecks
import SearchScreenChecks
import Testing

/// The search screen, checked as its team would check it: every ordering of
/// three actions (typing, clearing, the next page) against the answers and
/// the debounce, then randomised trials on real executors.
@Suite struct SearchScreenTests {
  @MainActor
  @Test func theSearchScreenShowsOnlyWhatTheUserAskedFor() async throws {
    // README usage: begin
    let checker = ScreenChecker(searchScreen, configuration: RefetchCheckConfiguration(taps: 3))
    let report = try await checker.runSystematic()  // or runStress(StressOptions(trials: 10_000))
    #expect(report.violations == 0, "\(report.table)")
    // README usage: end
    print(report.table)
    #expect(report.trials > 0 && !report.stoppedAtBudget)
  }

  @MainActor
  @Test func theSearchScreenHoldsUpOnRealExecutors() async throws {
    let checker = ScreenChecker(searchScreen, configuration: RefetchCheckConfiguration(taps: 3))
    let report = try await checker.runStress(StressOptions(trials: 2_000, seed: 1))
    #expect(report.violations == 0, "\(report.table)")
  }

  @MainActor
  @Test func theFlawedSearchScreenRefillsAClearedQuery() async throws {
    let checker = ScreenChecker(flawedSearchScreen, configuration: RefetchCheckConfiguration(taps: 2))
    let report = try await checker.runSystematic()
    print(report.table)
    #expect(report.count(.refilled) > 0, "\(report.table)")
    #expect(report.table.contains("replay refilled: "), "\(report.table)")
  }
}
