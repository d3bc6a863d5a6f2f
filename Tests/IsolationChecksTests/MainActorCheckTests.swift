import CheckerFixtures
import IsolationChecks
import MockNetwork
import ProfileScene
import Testing

extension CheckerTrials {
  /// Interactors isolated to the main actor are checked like any other, within the budget.
  @Suite struct MainActorCheckTests {
    @MainActor
    @Test(arguments: CancellationStyle.allCases)
    func theMainActorCorrectedSceneShowsNoForbiddenOutcomeWithinTheBudget(_ style: CancellationStyle) async {
      let checker = RefetchChecker(
        scene: .shipped(.mainActorCorrected, policy: .latestRequestOnly),
        configuration: CheckConfiguration(actions: 2, cancellationStyle: style))
      let report = await checker.runSystematic(SystematicOptions(seed: 3))
      #expect(!report.stoppedAtBudget, "\(report.table)")
      #expect(report.table.contains("of a 60 s budget"), "the report prints its budget")
      #expect(report.trials == 90, "every ordering of 2 taps and their answers")
      #expect(report.violations == 0, "\(report.table)")
      #expect(report.count(.latestOnly) == report.trials)
      #expect(report.divergences == 0)
      #expect(report.notQuiescent == 0)
    }

    @MainActor
    @Test func theGuidesInteractorOnTheMainActorShowsItsFlawsWithinTheBudget() async {
      let checker = RefetchChecker(
        scene: .shipped(.mainActorGuide, policy: .guide),
        configuration: CheckConfiguration(actions: 2, cancellationStyle: .urlSession))
      let report = await checker.runSystematic(SystematicOptions(seed: 3))
      #expect(!report.stoppedAtBudget, "\(report.table)")
      #expect(report.divergences == 0)
      #expect(report.notQuiescent == 0)
      #expect(report.count(.spuriousError) > 0, "URLError(.cancelled) shown as an error: \(report.table)")
    }

    @MainActor
    @Test func aHangingMainActorInteractorIsReportedLostWithTheReason() async throws {
      let interactors = HangingInteractors()
      defer { interactors.releaseAll() }
      let checker = RefetchChecker(
        scene: SceneUnderTest("hanging on the main actor") { _, _ in interactors.makeOnTheMainActor() },
        configuration: CheckConfiguration(actions: 2, quiescenceTimeout: .milliseconds(200)))
      let report = await checker.runSystematic()
      #expect(report.trials == 1)
      #expect(report.count(.lost) == 1)
      let example = try #require(report.examples[.lost]?.first)
      #expect(example.schedule?.description == "t1,t2")
      let reason =
        "the taps' tasks had not finished 0.2 seconds after the last step, "
        + "with nothing left to release and none of their jobs runnable"
      #expect(example.unsettledReason == reason)
      #expect(example.transcript.contains("the screen did not become quiescent: \(reason)"))
      #expect(report.table.contains("  replay lost: t1,t2 (\(reason))"), "\(report.table)")
    }

    @MainActor
    @Test func aRunStopsAtItsBudgetAndSaysSo() async {
      let checker = RefetchChecker(
        scene: .shipped(.mainActorGuide, policy: .guide), configuration: CheckConfiguration(actions: 2))
      let report = await checker.runSystematic(SystematicOptions(budget: .zero))
      #expect(report.stoppedAtBudget)
      #expect(report.trials == 0)
      #expect(report.table.contains("STOPPED AT THE BUDGET"), "\(report.table)")
    }
  }
}
