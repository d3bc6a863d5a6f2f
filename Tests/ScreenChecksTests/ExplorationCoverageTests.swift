import CheckerFixtures
import Testing

@testable import ScreenChecks

/// What an exploration that stops early has covered, and how the default
/// chooses between every ordering and a sample of them.
@Suite struct ExplorationCoverageTests {
  /// A five-action search stopped after a few orderings has tried every
  /// first step (the first point with a choice: after `q1`, the only action
  /// an empty search offers, a second query, a clear, a next page or the
  /// debounce's deadline), and says how many orderings ran and how many are left.
  @MainActor
  @Test func aStoppedRunHasTriedEveryFirstActionAndCountsWhatItLeft() async throws {
    let checker = ScreenChecker(FixtureScreens.correctSearch, configuration: CheckConfiguration(actions: 5))
    let report = try await checker.runSystematic(
      SystematicOptions(exhaustiveActionLimit: 5, maxSchedules: 40, deepenTo: 0))
    #expect(report.trials == 40)
    #expect(report.mode == .systematic(exhaustive: true))
    #expect(report.firstStepsOffered == 4)
    #expect(report.firstStepsTried == 4)
    #expect(report.firstStepsNeverTried.isEmpty)
    let left = try #require(report.orderingsLeft)
    #expect(left > 1_000, "five actions of a paging search have far more than 40 orderings")
    #expect(
      report.table.contains("STOPPED AT ITS CAP OF ORDERINGS: 40 orderings ran, about \(left) left"), "\(report.table)")
    #expect(report.table.contains("every first step tried (4)"), "\(report.table)")
  }

  /// A run stopped before every first step had its turn names the ones it never took.
  @MainActor
  @Test func aRunStoppedBeforeEveryFirstStepNamesTheOnesNeverTried() async throws {
    let checker = ScreenChecker(FixtureScreens.correctSearch, configuration: CheckConfiguration(actions: 4))
    let report = try await checker.runSystematic(
      SystematicOptions(exhaustiveActionLimit: 4, maxSchedules: 2, deepenTo: 0))
    #expect(report.firstStepsNeverTried == ["n2", "d1"])
    #expect(report.table.contains("first steps never tried: n2, d1 (2 of 4 tried)"), "\(report.table)")
  }

  /// Above the action limit, a space small enough to sample is explored
  /// whole: the table is every ordering's, and a second run's is the same.
  @MainActor
  @Test func aboveTheLimitASmallSpaceIsExploredWhole() async throws {
    let checker = ScreenChecker(FixtureScreens.correctFeed, configuration: CheckConfiguration(actions: 4))
    let whole = try await checker.runSystematic(SystematicOptions(exhaustiveActionLimit: 4, deepenTo: 0))
    let above = try await checker.runSystematic(SystematicOptions(exhaustiveActionLimit: 3, deepenTo: 0))
    #expect(whole.trials < 2_000)
    #expect(above.mode == .systematic(exhaustive: true))
    #expect(above.trials == whole.trials)
    #expect(above.counts == whole.counts)
    #expect(above.orderingsLeft == nil)
  }

  /// Above the action limit, a space larger than the sample is sampled:
  /// that many orderings, none twice.
  @MainActor
  @Test func aboveTheLimitALargeSpaceIsSampledWithoutRepeats() async throws {
    let checker = ScreenChecker(FixtureScreens.correctSearch, configuration: CheckConfiguration(actions: 4))
    let report = try await checker.runSystematic(
      SystematicOptions(exhaustiveActionLimit: 3, randomSchedules: 30, deepenTo: 0))
    #expect(report.mode == .systematic(exhaustive: false))
    #expect(report.trials == 30)
    #expect(report.orderingsLeft == nil)
  }
}
