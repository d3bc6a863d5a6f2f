import IsolationChecks
import ProfileScene
import Testing

/// The README's "Check your own interactor" example, run: it must compile
/// against the public API and catch an interactor with the guide's flaws.
@MainActor
@Suite struct ReadmeExampleTests {
  @Test func theReadmeExampleCatchesAnInteractorWrittenElsewhere() async {
    // The README's code, with the guide's interactor standing in for "MyProfileInteractor"
    // and the guide's view, so that its flaws can show.
    let scene = SceneUnderTest("mine", policy: .seed) { worker, presenter in
      SeedProfileInteractor(worker: worker, presenter: presenter)
    }
    let checker = RefetchChecker(
      scene: scene, configuration: RefetchCheckConfiguration(taps: 3, cancellationStyle: .urlSession))
    let report = await checker.runStress(StressOptions(trials: 300, seed: 42))

    #expect(report.table.contains("spurious-error"))
    #expect(report.violations > 0, "\(report.table)")
  }

  @Test func theReadmeExamplePassesTheCorrectedScene() async {
    let scene = SceneUnderTest("mine", policy: .latestRequestOnly) { worker, presenter in
      ProfileInteractor(worker: worker, presenter: presenter)
    }
    let checker = RefetchChecker(
      scene: scene, configuration: RefetchCheckConfiguration(taps: 3, cancellationStyle: .urlSession))
    let report = await checker.runStress(StressOptions(trials: 300, seed: 42))

    #expect(report.violations == 0, "\(report.table)")
  }
}
