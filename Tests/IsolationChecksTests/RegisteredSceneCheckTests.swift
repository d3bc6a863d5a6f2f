import IsolationChecks
import ProfileScene
import Testing

extension CheckerTrials {
  /// The checker runs a registered interactor's variants, and grades them
  /// by the design the registration claims.
  @Suite struct RegisteredSceneCheckTests {
    @MainActor
    @Test func aRegisteredInteractorIsWhatTheCheckerRuns() async throws {
      var scenes = SceneRegistry.shipped
      scenes.register("silent", design: .corrected) { _, _ in SilentInteractor() }
      let variant = try #require(RefetchVariant(name: "silent/latest-request-only/url-session", in: scenes))
      #expect(variant.isCorrectedScene)
      let checker = RefetchChecker(
        scene: variant.scene, configuration: CheckConfiguration(actions: 2, cancellationStyle: .urlSession))
      let report = await checker.runSystematic(SystematicOptions(seed: 1))
      #expect(
        report.trials > 0 && report.count(.lost) == report.trials, "the user never sees a profile\n\(report.table)")
      #expect(report.violations > 0)
    }
  }
}

/// Bad input: an interactor whose `fetchProfile` returns at once and never presents.
private actor SilentInteractor: ProfileBusinessLogic {
  func fetchProfile(request: ProfileRequest) async {}
}
