import CheckerFixtures
import LongRunSupport
import ScreenChecks
import Testing

/// Each flaw seen in public apps' reloading screens, written as a fixture,
/// is reported with its outcome and a replay string that reproduces it; its
/// correct counterpart reports nothing forbidden, in every ordering and in
/// 10,000 stress trials.
@Suite struct ScreenFlawTests {
  struct Flaw: Sendable, CustomTestStringConvertible {
    var name: String
    var outcome: ScreenOutcome
    var actions: Int
    var check: @MainActor @Sendable (CheckConfiguration) async throws -> (ScreenReport, ScreenChecker)

    var testDescription: String { name }

    init<Model>(_ screen: ScreenDescription<Model>, _ outcome: ScreenOutcome, actions: Int = 2) {
      name = screen.name
      self.outcome = outcome
      self.actions = actions
      check = { configuration in
        let checker = ScreenChecker(screen, configuration: configuration)
        return (
          try await checker.runSystematic(SystematicOptions(injectFailures: false)), checker
        )
      }
    }
  }

  static let flaws = [
    Flaw(FixtureScreens.spinnerOff, .spinnerOff),
    Flaw(FixtureScreens.refilling, .refilled),
    Flaw(FixtureScreens.untiedPaging, .foreignPage, actions: 3),
    Flaw(FixtureScreens.liveKey, .wrongResults),
    Flaw(FixtureScreens.skippingRefresh, .lost),
    Flaw(FixtureScreens.debounceLeak, .staleFlash),
    Flaw(FixtureScreens.restartOnlyDetail, .staleFlash),
    Flaw(FixtureScreens.leakingPageFeed, .staleFlash, actions: 3),
    // Need one preemption: found one level deeper, by default.
    Flaw(FixtureScreens.offMainCheckSearch, .staleFlash),
    Flaw(FixtureScreens.racingLiveKey, .wrongResults, actions: 3),
  ]

  @MainActor
  @Test(arguments: flaws)
  func eachFlawIsReportedWithItsOutcomeAndAReplayThatReproducesIt(_ flaw: Flaw) async throws {
    let (report, checker) = try await flaw.check(CheckConfiguration(actions: flaw.actions))
    #expect(report.violations > 0, "\(report.table)")
    #expect(report.trialsSettledByTiming == 0, "\(report.table)")
    // Found at the first level, with the trial kept as an example, or one
    // level deeper (a flaw that needs a preemption), with its first finding.
    let schedule: ScreenSchedule
    if report.observedCount(flaw.outcome) > 0 {
      let example = try #require(
        report.examples.values.flatMap { $0 }.first { $0.verdict.observed.contains(flaw.outcome) },
        "\(report.table)")
      schedule = try #require(example.schedule)
    } else {
      let level = try #require(report.deeperLevels.first { $0.firstFindingOutcome == flaw.outcome }, "\(report.table)")
      schedule = try #require(level.firstFinding)
    }
    let replayed = try await checker.replay(schedule)
    #expect(!replayed.diverged, "\(replayed.transcript)")
    #expect(replayed.verdict.observed.contains(flaw.outcome), "\(replayed.transcript)")
    // The table says when staleness is counted from, and names the window of a stale example.
    if report.contract.outcomes.contains(.staleFlash) {
      #expect(report.table.contains("  stale counts from when the screen's code saw the newer action"))
    }
    if [.staleFlash, .refilled].contains(flaw.outcome), report.observedCount(flaw.outcome) > 0 {
      #expect(report.table.contains("'s results shown after the screen's code saw action "), "\(report.table)")
    }
  }

  /// The two flaws that need a preemption are found by a run with no
  /// options at all, one level deeper than every ordering of actions and
  /// answers, which shows none of them.
  @MainActor
  @Test(arguments: [(FixtureScreens.offMainCheckSearch.name, 2), (FixtureScreens.racingLiveKey.name, 3)])
  func thePreemptionFlawsAreFoundAtDefaultOptions(_ name: String, _ actions: Int) async throws {
    let screen = name == FixtureScreens.offMainCheckSearch.name ? Self.offMainCheck : Self.racingLiveKey
    let report = try await screen(CheckConfiguration(actions: actions)).runSystematic()
    #expect(report.forbiddenTrials == 0, "\(report.table)")
    let level = try #require(report.deeperLevels.first, "\(report.table)")
    #expect(level.preemptions == 1)
    #expect(level.forbidden > 0, "\(report.table)")
    #expect(level.firstFinding != nil && level.timeToFirstFinding != nil)
    #expect(report.violations == level.forbidden)
    print(report.table)
  }

  private static let offMainCheck: @MainActor @Sendable (CheckConfiguration) -> ScreenChecker = {
    ScreenChecker(FixtureScreens.offMainCheckSearch, configuration: $0)
  }
  private static let racingLiveKey: @MainActor @Sendable (CheckConfiguration) -> ScreenChecker = {
    ScreenChecker(FixtureScreens.racingLiveKey, configuration: $0)
  }

  @MainActor
  @Test func aRefreshThatSkipsItselfLosesTheNewestAndShowsTheCancellationAsAnError() async throws {
    let checker = ScreenChecker(FixtureScreens.skippingRefresh, configuration: CheckConfiguration(actions: 2))
    let report = try await checker.runSystematic()
    #expect(report.observedCount(.lost) > 0, "\(report.table)")
    #expect(report.observedCount(.spuriousError) > 0, "\(report.table)")
  }

  struct Counterpart: Sendable, CustomTestStringConvertible {
    var name: String
    var actions: Int
    var checker: @MainActor @Sendable (CheckConfiguration) -> ScreenChecker

    var testDescription: String { name }

    init<Model>(_ screen: ScreenDescription<Model>, actions: Int = 2) {
      name = screen.name
      self.actions = actions
      checker = { ScreenChecker(screen, configuration: $0) }
    }
  }

  static let counterparts =
    [
      Counterpart(FixtureScreens.correctSearch, actions: 3),
      Counterpart(FixtureScreens.correctLiveKey),
      Counterpart(FixtureScreens.correctFeed),
    ] + shapeCounterparts

  /// The correct twins of the shapes whose flaws need the view's reactions
  /// or a preemption: checked in stress under both cancellation styles.
  static let shapeCounterparts = [
    Counterpart(FixtureScreens.guardedDetail),
    Counterpart(FixtureScreens.infiniteFeed, actions: 3),
    Counterpart(FixtureScreens.completionSearch),
  ]

  @MainActor
  @Test(arguments: [FixtureScreens.completionSearch.name])
  func theCompletionSearchChecksOnTheMainActorInEveryJobOrderWithOnePreemption(_ name: String) async throws {
    let checker = ScreenChecker(FixtureScreens.completionSearch, configuration: CheckConfiguration(actions: 2))
    let report = try await checker.runSystematic(SystematicOptions(preemptions: 1))
    #expect(report.trials > 0)
    #expect(report.violations == 0, "\(report.table)")
    #expect(!report.stoppedAtBudget)
  }

  @MainActor
  @Test(.longRun, arguments: counterparts)
  func theCorrectCounterpartShowsNothingForbiddenInEveryOrdering(_ counterpart: Counterpart) async throws {
    for style in CancellationStyle.allCases {
      let checker = counterpart.checker(CheckConfiguration(actions: counterpart.actions, cancellationStyle: style))
      let report = try await checker.runSystematic()
      #expect(report.trials > 0)
      #expect(report.violations == 0, "\(report.table)")
      #expect(!report.stoppedAtBudget)
      #expect(report.trialsSettledByTiming == 0)
    }
  }

}

extension ScreenFlawTests {
  /// The 10,000-trial stress runs, one at a time: each keeps the main actor
  /// busy with 32 trials at once, and three at once would slow every other
  /// test's main-actor work for long.
  @Suite(.serialized) struct StressTests {
    @MainActor
    @Test(.longRun, arguments: ScreenFlawTests.counterparts)
    func theCorrectCounterpartShowsNothingForbiddenIn10000StressTrials(_ counterpart: Counterpart) async throws {
      // The bound only keeps a hanging screen from hanging the test: under
      // ThreadSanitizer, beside the parallel tests, a correct trial can take
      // over 2 s to finish, and would be counted lost.
      let checker = counterpart.checker(
        CheckConfiguration(
          actions: counterpart.actions, cancellationStyle: .urlSession, quiescenceTimeout: .seconds(30)))
      let report = try await checker.runStress(StressOptions(trials: 10_000, seed: 3, deriveReplays: false))
      #expect(report.trials == 10_000)
      #expect(report.violations == 0, "\(report.table)")
    }

    @MainActor
    @Test(.longRun, arguments: ScreenFlawTests.shapeCounterparts)
    func theShapesCorrectTwinShowsNothingForbiddenIn10000StressTrialsWithCancellationErrors(_ counterpart: Counterpart)
      async throws
    {
      let checker = counterpart.checker(
        CheckConfiguration(
          actions: counterpart.actions, cancellationStyle: .cancellationError, quiescenceTimeout: .seconds(30)))
      let report = try await checker.runStress(StressOptions(trials: 10_000, seed: 4))
      #expect(report.trials == 10_000)
      // Every forbidden trial was looked up as a schedule, so the two kinds below add up to all of them.
      #expect(report.stressFindingsSeen == report.stressFindings, "\(report.table)")
      // One that a schedule reproduces is a false alarm on a correct screen: none is allowed.
      #expect(report.violations - report.stressFindingsWithoutReplay == 0, "\(report.table)")
      // One that no schedule reproduces is, by the report's own account, a gap in the checker's model of the
      // screen's world, not a finding about the screen: known and shown until that world has no gaps. Seen
      // once in 30,000 trials on a loaded machine (2026-12-04): both searches failed, the error on screen
      // stayed "Search failed", and no display followed the second action.
      if report.stressFindingsWithoutReplay > 0 {
        withKnownIssue("stress findings no schedule reproduces: a gap in the checker's model of the screen") {
          Issue.record("\(report.stressFindingsWithoutReplay) without a schedule: \(report.table)")
        }
      }
    }

    /// Every stress finding of the flawed shapes is reproduced by a
    /// schedule: none is a gap of the checker's model.
    @MainActor
    @Test(arguments: [
      Counterpart(FixtureScreens.restartOnlyDetail), Counterpart(FixtureScreens.offMainCheckSearch),
      Counterpart(FixtureScreens.debounceLeak), Counterpart(FixtureScreens.racingLiveKey, actions: 3),
    ])
    func everyStressFindingOfAFlawedShapeReplays(_ flawed: Counterpart) async throws {
      for style in CancellationStyle.allCases {
        let checker = flawed.checker(CheckConfiguration(actions: flawed.actions, cancellationStyle: style))
        let report = try await checker.runStress(StressOptions(trials: 2_000, seed: 3, findingsLookedUp: 2_000))
        #expect(report.stressFindings > 0, "\(report.table)")
        #expect(report.stressFindingsWithoutReplay == 0, "\(report.table)")
        for example in report.examples.values.flatMap({ $0 }) where report.grade(example.verdict.outcome) == .forbidden
        {
          let schedule = try #require(example.schedule, "\(report.table)")
          let replayed = try await checker.replay(schedule)
          #expect(!replayed.diverged && replayed.verdict.outcome == example.verdict.outcome, "\(replayed.transcript)")
        }
      }
    }
  }
}
