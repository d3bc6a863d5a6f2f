import MockNetwork
import ProfileScene

/// Turns a finished trial's harness into a graded result.
@MainActor
enum TrialGrading {
  /// Grades the trial `harness` ran.
  /// - Parameters:
  ///   - harness: the trial, after its taps' work finished or timed out.
  ///   - schedule: the steps taken, for a systematic trial.
  ///   - quiescent: whether the taps' work finished within the bound.
  ///   - failedChecks: resource checks already failed during the trial.
  ///   - diverged: whether the trial left its schedule.
  ///   - quietSettles: how often the settler fell back to a quiet window.
  ///   - unsettledReason: why the trial was not quiescent, if it was not.
  ///   - expectedContent: what each tapped user's profile shows, by user id,
  ///     which the displays are attributed to by content.
  static func result(
    harness: TrialHarness, schedule: RefetchSchedule?, quiescent: Bool,
    failedChecks: Set<ResourceCheck>, diverged: Bool, quietSettles: Int, unsettledReason: String? = nil,
    expectedContent: [String: ProfileContent]
  ) -> RefetchTrialResult {
    let records = harness.network.records
    let leftInFlight = harness.network.inFlight
    var checks = failedChecks
    if leftInFlight > 0 { checks.insert(.nothingLeftInFlight) }
    if harness.log.contains(where: { $0.event.isDisplay && !$0.insideTapWork }) {
      checks.insert(.displaysInsideTapWork)
    }
    let verdict = RefetchClassifier.classify(
      RefetchClassifier.Input(
        log: harness.log, failedRequests: harness.failedRequests(in: records),
        quiescent: quiescent, expectedContent: expectedContent))
    return RefetchTrialResult(
      schedule: schedule, verdict: verdict, failedChecks: checks, log: harness.log,
      presentations: harness.presenter.records, requests: records, tapTimes: harness.tapTimes,
      quiescent: quiescent, leftInFlight: leftInFlight, diverged: diverged,
      quietSettles: quietSettles, unsettledReason: quiescent ? nil : unsettledReason)
  }
}
