import BenchKit
import IsolationChecks
import ProfileScene
import Testing

@testable import BenchSuites

/// The registry takes screens as well as interactors; refetch-cancel runs
/// them with the same tables and replay strings, and bench refuses one it
/// cannot check before measuring anything.
@Suite struct ScreenRegistryTests {
  static var scenesWithAScreen: SceneRegistry {
    var scenes = SceneRegistry.shipped
    scenes.register(CounterScreens.counter)
    return scenes
  }

  @Test func refetchCancelChecksEveryRegisteredScreenUnderBothCancellationStyles() throws {
    let suite = try #require(
      Bench.suites(scenes: Self.scenesWithAScreen).first { $0.name == "refetch-cancel" } as? RefetchCancelSuite)
    #expect(suite.variants.map(\.name).suffix(2) == ["counter/cancellation-error", "counter/url-session"])
    let (variant, schedule) = try RefetchCancelSubjects.parseReplay(
      "counter/url-session:t1,items1,t2,items2", in: Self.scenesWithAScreen)
    #expect(variant is ScreenVariant && variant.isCorrectedScene)
    #expect(schedule.actionCount == 2)
  }

  @Test func aScreenNameIsCheckedLikeAnInteractorsAndNotTakenTwice() {
    var scenes = SceneRegistry.shipped
    scenes.register(CounterScreens.counter)
    scenes.register(CounterScreens.counter)
    #expect(scenes.problems == ["the screen name \"counter\" is registered twice"])
    #expect(scenes.screens.count == 1)
  }

  @MainActor
  @Test func aScreenWhoseDescriptionCannotBeCheckedStopsBenchWithOneLine() async {
    var scenes = SceneRegistry.shipped
    scenes.register(CounterScreens.untraceable)
    let error = await Bench.registryError(checkingScreensOf: scenes)
    #expect(
      error
        == "Error: the scene registry: untraceable: the snapshot shows \"forty-two\", which no answer handed out; "
        + "build results from answer.token(_:) and snapshot those, so that each says which request it belongs to")
    #expect(await Bench.registryError(checkingScreensOf: Self.scenesWithAScreen) == nil)
  }

  @MainActor
  @Test func aScreensRowsSayWhichContractTheyWereGradedAgainst() async throws {
    let variant = try #require(ScreenVariant(name: "counter/url-session", in: Self.scenesWithAScreen))
    let report = try await variant.runSystematic(
      CheckConfiguration(actions: 2, cancellationStyle: .urlSession), SystematicOptions(injectFailures: false))
    let tables = RefetchCancelTables.report(
      [RefetchCancelRun(variant: variant, report: report)], suite: "refetch-cancel", isPartial: false)
    let outcomes = tables.tables[0].table
    // The first level's rows, then the level one preemption deeper, rows of its own.
    let outcomeCount = ScreenContract.latestWins.outcomes.count
    #expect(report.deeperLevels.map(\.preemptions) == [1])
    #expect(outcomes.rows.count == 2 * outcomeCount)
    #expect(outcomes.rows.allSatisfy { $0[0] == "counter/url-session" })
    #expect(outcomes.rows.prefix(outcomeCount).allSatisfy { $0[1] == "systematic" })
    #expect(outcomes.rows.suffix(outcomeCount).allSatisfy { $0[1] == "systematic-p1" })
    #expect(
      outcomes.rows.suffix(outcomeCount).map { Int($0[4]) ?? -1 }.reduce(0, +) == report.deeperLevels[0].orderings)
    let contracts = try #require(tables.tables.first { $0.name == "refetch-cancel-contracts" }?.table)
    #expect(contracts.columns == ["variant", "contract", "rules", "outcomes"])
    // Every ordering ran, at both levels: no seed chose any of them.
    #expect(outcomes.rows.allSatisfy { $0[2] == "" }, "\(outcomes.rows.map { $0[2] })")
    #expect(!report.table.contains("seed"), "\(report.table)")
    #expect(
      contracts.rows == [
        [
          "counter/url-session", "latest-wins", "latest-wins",
          "latest-only duplicate stale-flash lost stale-final spurious-error wrong-results",
        ]
      ])
    #expect(tables.verboseNotes?.contains("  graded against: latest-wins") == true)
    #expect(tables.notes.contains("counter: graded against latest-wins"), "the compact readout names it too")
  }

  /// A run whose orderings a seed drew names the seed in its rows and its
  /// table; one that explored every ordering leaves it out, as no seed
  /// could change it.
  @MainActor
  @Test func onlyRowsWhoseOrderingsASeedDrewNameTheSeed() async throws {
    let variant = try #require(ScreenVariant(name: "counter/url-session", in: Self.scenesWithAScreen))
    let sampled = try await variant.runSystematic(
      CheckConfiguration(actions: 2, cancellationStyle: .urlSession),
      SystematicOptions(seed: 7, randomSchedules: 20, injectFailures: false, strategy: .random))
    let tables = RefetchCancelTables.report(
      [RefetchCancelRun(variant: variant, report: sampled)], suite: "refetch-cancel", isPartial: false)
    #expect(!tables.tables[0].table.rows.isEmpty)
    #expect(tables.tables[0].table.rows.allSatisfy { $0[2] == "7" })
    #expect(sampled.table.contains("seed 7"), "\(sampled.table)")
  }
}
