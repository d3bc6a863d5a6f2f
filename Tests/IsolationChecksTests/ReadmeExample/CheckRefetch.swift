// The README's "Check your own interactor" section quotes this file from
// the line after "README example: begin" to the line before "README example:
// end"; ReadmeExampleTests fails when the two differ.
// README example: begin
import IsolationChecks
import ProfileScene

/// Taps refresh twice in every order against the answers (and against
/// presentations already on their way), with URLSession's cancellation and
/// the view that drops outdated presentations; grades what the user saw.
@MainActor
func checkRefetch(of makeInteractor: @escaping InteractorFactory) async -> ScreenReport {
  let scene = SceneUnderTest("mine", policy: .latestRequestOnly, makeInteractor: makeInteractor)
  let checker = RefetchChecker(
    scene: scene, configuration: CheckConfiguration(actions: 2, cancellationStyle: .urlSession))
  let report = await checker.runSystematic()  // or runStress(StressOptions(trials: 5_000))
  print(report.table)  // every outcome, its count and grade; a replay string per finding
  return report
}
// README example: end
