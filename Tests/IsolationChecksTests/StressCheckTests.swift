import IsolationChecks
import MockNetwork
import ProfileScene
import Testing

extension CheckerTrials {
  /// Short stress runs (hundreds of trials); the long ones belong to `bench`.
  @Suite struct StressCheckTests {
    @MainActor
    @Test func correctedSceneShowsNoForbiddenOutcomeOnRealExecutors() async {
      // The bound only keeps a hanging scene from hanging the test: under
      // ThreadSanitizer, beside the parallel tests, 14 of 300 correct trials
      // once took over 2 s to finish and were counted lost.
      let checker = RefetchChecker(
        scene: .shipped(.corrected, policy: .latestRequestOnly),
        configuration: CheckConfiguration(actions: 3, cancellationStyle: .urlSession, quiescenceTimeout: .seconds(30)))
      let report = await checker.runStress(StressOptions(trials: 300, seed: 5, deriveReplays: false))
      #expect(report.trials == 300)
      #expect(report.violations == 0, "\(report.table)")
      #expect(report.metrics.trialsLeavingRequestsInFlight == 0)
    }

    @MainActor
    @Test func seedSceneShowsItsFlawsOnRealExecutorsWithReplaysThatReproduceThem() async throws {
      let checker = RefetchChecker(
        scene: .shipped(.guide, policy: .guide),
        configuration: CheckConfiguration(actions: 2, cancellationStyle: .urlSession))
      let report = await checker.runStress(StressOptions(trials: 300, seed: 5, examplesPerOutcome: 2))
      #expect(report.count(.spuriousError) + report.count(.staleFlash) > 0, "\(report.table)")
      for example in report.examples.values.flatMap({ $0 }) {
        guard let schedule = example.schedule else { continue }
        let replayed = await checker.replay(schedule)
        #expect(replayed.verdict.outcome == example.verdict.outcome, "\(schedule)")
      }
    }
  }
}
