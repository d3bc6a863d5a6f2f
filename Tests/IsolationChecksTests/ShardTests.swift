import IsolationChecks
import LongRunSupport
import MockNetwork
import ProfileScene
import Testing

extension CheckerTrials {
  /// An exhaustive exploration split into shards for a CI matrix: the
  /// shards' tables add up to the unsharded one's, ordering for ordering.
  @Suite struct ShardTests {
    @MainActor
    @Test(.longRun) func theGuidesSceneAtThreeTapsShardedFourWaysAddsUpToTheWholeTable() async {
      await Self.expectShardsAddUp(taps: 3, shards: 4)
    }

    /// The same guarantee on a smaller space, in every test run.
    @MainActor
    @Test func theGuidesSceneAtTwoTapsShardedTwoWaysAddsUpToTheWholeTable() async {
      await Self.expectShardsAddUp(taps: 2, shards: 2)
    }

    @MainActor
    private static func expectShardsAddUp(taps: Int, shards: Int) async {
      let checker = RefetchChecker(
        scene: .shipped(.guide, policy: .guide),
        configuration: CheckConfiguration(actions: taps, cancellationStyle: .urlSession))
      let whole = await checker.runSystematic(SystematicOptions(seed: 3))
      #expect(!whole.stoppedAtBudget && whole.violations > 0, "\(whole.table)")
      var trials = 0
      var counts: [ScreenOutcome: Int] = [:]
      var observed: [ScreenOutcome: Int] = [:]
      for index in 0..<shards {
        let shard = ExplorationShard(index: index, count: shards)!
        let part = await checker.runSystematic(SystematicOptions(seed: 3, shard: shard))
        #expect(!part.stoppedAtBudget && part.trials > 0 && part.trials < whole.trials, "\(shard): \(part.table)")
        trials += part.trials
        counts.merge(part.counts, uniquingKeysWith: +)
        observed.merge(part.observedCounts, uniquingKeysWith: +)
      }
      #expect(trials == whole.trials)
      #expect(counts == whole.counts)
      #expect(observed == whole.observedCounts)
    }

    @Test func shardsAreWrittenAsTheCommandLineWritesThem() {
      #expect(ExplorationShard("2/4") == ExplorationShard(index: 1, count: 4))
      #expect(ExplorationShard("1/1") == .whole)
      for bad in ["0/4", "5/4", "1/0", "x/4", "1/", "/4", "1-4", ""] { #expect(ExplorationShard(bad) == nil, "\(bad)") }
      #expect(ExplorationShard(index: 3, count: 4)?.description == "4/4")
    }
  }
}
