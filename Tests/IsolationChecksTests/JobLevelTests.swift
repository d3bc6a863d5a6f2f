import CheckerFixtures
import IsolationChecks
import ProfileScene
import Testing

/// The job level: with the trial's jobs in hand, systematic mode also
/// chooses which runnable job runs next and may tap between two jobs,
/// within a preemption bound, so that the orderings of "answer arrived",
/// "interactor resumed" and "presentation queued" are covered.
@Suite struct JobLevelTests {
  static let labelsAfterTheAwait = SceneUnderTest("labels-after-the-await", policy: .latestRequestOnly) {
    LabelsAfterTheAwaitInteractor(worker: $0, presenter: $1)
  }

  @MainActor
  @Test func theJobLevelFindsALabelReadAfterTheAwaitWithoutLateResponsesAndReplaysIt() async throws {
    let checker = RefetchChecker(scene: Self.labelsAfterTheAwait, configuration: CheckConfiguration(actions: 2))
    let settledOnly = await checker.runSystematic(SystematicOptions(injectFailures: false))
    #expect(settledOnly.count(.wrongProfile) == 0, "taps at settled points alone cannot reach it\n\(settledOnly.table)")

    let jobLevel = await checker.runSystematic(SystematicOptions(injectFailures: false, preemptions: 1))
    #expect(jobLevel.count(.wrongProfile) > 0, "\(jobLevel.table)")
    #expect(jobLevel.trialsSettledByCounting == jobLevel.trials)
    #expect(jobLevel.table.contains("job orders explored with up to 1 preemptions"), "\(jobLevel.table)")
    let example = try #require(jobLevel.examples[.wrongProfile]?.first)
    let text = try #require(example.schedule).description
    #expect(try ScreenSchedule(parsing: text).jobLevelSteps == 1, "\(text)")

    let replayed = await checker.replay(try ScreenSchedule(parsing: text))
    #expect(!replayed.diverged, "\(replayed.transcript)")
    #expect(replayed.verdict.outcome == .wrongProfile, "\(replayed.transcript)")
  }

  @MainActor
  @Test func theCorrectedSceneHoldsAtTheJobLevel() async {
    let checker = RefetchChecker(
      scene: .shipped(.corrected, policy: .latestRequestOnly),
      configuration: CheckConfiguration(actions: 2, cancellationStyle: .urlSession))
    let report = await checker.runSystematic(SystematicOptions(injectFailures: false, preemptions: 1))
    #expect(report.trials > 90, "more orderings than taps and answers alone")
    #expect(report.violations == 0, "\(report.table)")
    #expect(report.divergences == 0)
  }
}
