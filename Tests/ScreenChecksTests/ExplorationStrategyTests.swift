import CheckerFixtures
import LongRunSupport
import Testing

@testable import ScreenChecks

/// The strategies behind systematic mode's one loop: exhaustive (the
/// default, unchanged), seeded random and PCT samples. A sample runs only
/// real orderings, so it never finds what the exhaustive run says is not
/// there; seeded, it gives the same table twice; and it finds the flaws.
@Suite struct ExplorationStrategyTests {
  typealias Screen = ScreenFlawTests.Counterpart

  static let flawed = [
    Screen(FixtureScreens.spinnerOff), Screen(FixtureScreens.refilling),
    Screen(FixtureScreens.untiedPaging, actions: 3), Screen(FixtureScreens.liveKey),
    Screen(FixtureScreens.skippingRefresh), Screen(FixtureScreens.debounceLeak),
    Screen(FixtureScreens.restartOnlyDetail), Screen(FixtureScreens.leakingPageFeed, actions: 3),
    Screen(FixtureScreens.offMainCheckSearch), Screen(FixtureScreens.racingLiveKey, actions: 3),
  ]

  static let strategies: [ExplorationStrategy] = [.random, .pct(depth: 2), .pct(depth: 3)]

  @MainActor
  @Test(.longRun, arguments: flawed, [ExplorationStrategy.pct(depth: 2), .pct(depth: 3)])
  func aPCTSampleOf300OrderingsFindsEachFlaw(_ screen: Screen, _ strategy: ExplorationStrategy) async throws {
    let report = try await Self.sample(screen, strategy, orderings: 300)
    #expect(report.strategy == strategy && report.mode == .systematic(exhaustive: false))
    #expect(report.violations > 0, "\(report.table)")
    #expect(report.orderingsToFirstFinding != nil, "\(report.table)")
  }

  /// Uniform choices find every flaw but the paging one, whose three
  /// actions must come in one order, each after its answer: seeded, 300
  /// random orderings of `untied-paging` never show it, where PCT's do.
  @MainActor
  @Test(.longRun, arguments: flawed)
  func aUniformRandomSampleFindsEveryFlawButTheDeepPagingOne(_ screen: Screen) async throws {
    let report = try await Self.sample(screen, .random, orderings: 300)
    if screen.name == FixtureScreens.untiedPaging.name {
      #expect(report.violations == 0, "\(report.table)")
    } else {
      #expect(report.violations > 0, "\(report.table)")
    }
  }

  @MainActor
  private static func sample(_ screen: Screen, _ strategy: ExplorationStrategy, orderings: Int) async throws
    -> ScreenReport
  {
    let checker = screen.checker(CheckConfiguration(actions: screen.actions))
    return try await checker.runSystematic(SystematicOptions(randomSchedules: orderings, strategy: strategy))
  }

  @MainActor
  @Test(.longRun, arguments: ScreenFlawTests.counterparts, strategies)
  func aSampleNeverFindsAFlawInACorrectScreen(_ screen: ScreenFlawTests.Counterpart, _ strategy: ExplorationStrategy)
    async throws
  {
    let checker = screen.checker(CheckConfiguration(actions: screen.actions))
    let report = try await checker.runSystematic(SystematicOptions(randomSchedules: 200, strategy: strategy))
    #expect(report.trials > 0 && report.violations == 0, "\(report.table)")
  }

  @MainActor
  @Test(arguments: strategies)
  func theSameSeedDrawsTheSameTable(_ strategy: ExplorationStrategy) async throws {
    let checker = ScreenChecker(FixtureScreens.debounceLeak, configuration: CheckConfiguration(actions: 3))
    let options = SystematicOptions(seed: 9, randomSchedules: 150, strategy: strategy)
    let first = try await checker.runSystematic(options)
    let second = try await checker.runSystematic(options)
    #expect(first.trials == second.trials && first.counts == second.counts, "\(first.table)\n\(second.table)")
    #expect(first.table.contains(strategy == .random ? "seeded random orderings" : "PCT orderings"))
  }

  @Test func strategiesAreNamedAsTheCommandLineWritesThem() {
    for strategy: ExplorationStrategy in [.exhaustive, .random, .pct(depth: 1), .pct(depth: 3), .pct(depth: 10)] {
      #expect(ExplorationStrategy(strategy.description) == strategy)
    }
    for bad in ["pct", "pct-0", "pct-11", "pct-x", "dfs", ""] { #expect(ExplorationStrategy(bad) == nil, "\(bad)") }
  }

  /// PCT's rule, choice by choice: the agent of highest priority goes, one
  /// of its variants; at a change point it drops below every other agent.
  @MainActor
  @Test func pctRunsTheHighestPriorityAgentUntilAChangePointLowersIt() {
    let label1 = CallLabel(endpoint: "search", action: 1)
    let label2 = CallLabel(endpoint: "search", action: 2)
    let options: [ScheduleChoice] = [
      .step(.act(.type, 3)), .step(.release(label1, failing: false)), .step(.release(label1, failing: true)),
      .step(.release(label2, failing: false)),
    ]
    for seed in UInt64(1)...20 {
      // Depth 1: no change point; the same agent wins every choice.
      let steady = PCTChooser(seed: seed, depth: 1, expectedSteps: 8)
      let agents = (0..<8).map { _ in PCTChooser.agent(of: options[steady.choose(options)]) }
      #expect(Set(agents).count == 1, "\(agents)")
      // Depth 2 over one step: its change point is the first choice, whose
      // agent then drops below both others.
      let changing = PCTChooser(seed: seed, depth: 2, expectedSteps: 1)
      let first = PCTChooser.agent(of: options[changing.choose(options)])
      let second = PCTChooser.agent(of: options[changing.choose(options)])
      #expect(first != second, "seed \(seed)")
    }
    #expect(PCTChooser.agent(of: .step(.release(label1, failing: true))) == "call search1")
    #expect(PCTChooser.agent(of: .step(.act(.clear, 2))) == PCTChooser.agent(of: .step(.act(.type, 3))))
  }
}
