/// Turns a finished trial's context into a graded result.
@MainActor
package enum TrialGrading {
  /// Grades the trial `context` ran.
  /// - Parameters:
  ///   - context: the trial, after its actions' work finished or timed out.
  ///   - schedule: the steps taken, for a systematic trial.
  ///   - quiescent: whether the actions' work finished within the bound.
  ///   - failedChecks: resource checks already failed during the trial.
  ///   - diverged: whether the trial left its schedule.
  ///   - quietSettles: how often the settler fell back to a quiet window.
  ///   - settledBy: how the trial's settles were decided; `nil` in stress mode.
  ///   - unsettledReason: why the trial was not quiescent, if it was not.
  package static func result(
    context: TrialContext, schedule: ScreenSchedule?, quiescent: Bool, failedChecks: Set<ResourceCheck>,
    diverged: Bool, quietSettles: Int, settledBy: SettleMethod?, unsettledReason: String? = nil
  ) -> ScreenTrialResult {
    // A change whose snapshot is still queued is on screen at the end.
    context.adapter?.lookAtScreen()
    let calls = context.switchboard.records
    let leftInFlight = context.switchboard.snapshot.inFlight
    let contract = context.screen.contract
    var checks = failedChecks
    if leftInFlight > 0 { checks.insert(.nothingLeftInFlight) }
    let displays = context.timeline.compactMap { event -> Display? in
      if case .display(let display) = event { return display }
      return nil
    }
    if displays.contains(where: { !$0.insideActionWork }) { checks.insert(.displaysInsideTapWork) }
    checks.formIntersection(contract.checks)
    let adapter = context.adapter
    let verdict = ContractGrader.grade(
      ContractGrader.Input(
        timeline: context.timeline, contract: contract, quiescent: quiescent,
        finalLoading: quiescent && contract.has(.loadingState) ? adapter?.isLoading : nil,
        emptyGenerations: invisibleGenerations(calls, context: context)))
    var result = ScreenTrialResult(
      schedule: schedule, verdict: verdict, failedChecks: checks, viewLog: context.viewLog,
      timeline: context.timeline, presentations: adapter?.presentations ?? [], calls: calls,
      actions: context.actions.records, quiescent: quiescent, leftInFlight: leftInFlight, diverged: diverged,
      quietSettles: quietSettles, settledBy: settledBy, unsettledReason: quiescent ? nil : unsettledReason)
    result.descriptionErrors = context.descriptionErrors
    result.screenLog = adapter?.screenLog
    result.reactionTimes = context.reactionTimes
    result.wakeTimes = context.clock.wakeTimes
    return result
  }

  /// The generations whose answered calls handed out no token at all, when
  /// the screen's results are tokens (a described screen): their results
  /// cannot be told apart on screen.
  private static func invisibleGenerations(_ calls: [CallRecord], context: TrialContext) -> Set<Int> {
    guard context.screen.isDescribed else { return [] }
    var answered: [Int: Bool] = [:]
    for call in calls {
      guard case .answered = call.outcome else { continue }
      let generation = context.generation(of: call.action)
      answered[generation] = (answered[generation] ?? true) && call.tokens.isEmpty
    }
    return Set(answered.filter(\.value).keys)
  }
}
