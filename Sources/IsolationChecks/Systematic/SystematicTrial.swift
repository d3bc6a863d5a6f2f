import MockNetwork
import ProfileScene

/// Runs one systematic trial: a gated transport, the scene settled between
/// choices, and a chooser deciding every tap and every response.
///
/// The loop: settle; check that superseded requests were cancelled; offer the
/// choices (the next tap, and each parked request answering normally or with
/// HTTP 500); take one; repeat until no tap remains and nothing is parked.
/// Presentations are decision points too: when taps remain, the intercepting
/// presenter may tap just before a presentation is shown, and, in a replay
/// whose schedule says so, hold it so that later ones overtake it (shown by a
/// later choice at a settled point). Then the checker waits, with a bound,
/// for every task the taps started to finish.
@MainActor
struct SystematicTrial {
  /// The scene under test.
  var scene: SceneUnderTest
  /// The checker's configuration.
  var configuration: RefetchCheckConfiguration
  /// Whether releases may inject failures.
  var injectFailures: Bool
  /// Whether presentations are decision points (tap just before one is shown).
  var tapsBeforePresentations: Bool
  /// Whether a presentation may be held and shown later; `false` for
  /// exploration, which enumerates taps and answers only.
  var holdsPresentations = false
  /// How the scene is waited for between choices.
  var settler: SceneSettler
  /// What the mock serves.
  var dataset: MockDataset

  /// Runs the trial.
  /// - Parameter chooser: decides at every decision point.
  /// - Returns: the trial's records and grading; its schedule is the steps taken.
  func run(chooser: any ScheduleChooser) async -> RefetchTrialResult {
    let transport = MockTransport(
      MockTransport.Configuration(
        dataset: dataset, cancellationStyle: configuration.cancellationStyle,
        gated: true, seed: 1))
    let harness = TrialHarness(
      scene: scene, transport: transport, lateResponses: configuration.lateResponses)
    let taps = configuration.taps
    var steps: [ScheduleStep] = []
    var failedChecks: Set<ResourceCheck> = []
    var quietSettles = 0
    var settledInTime = true
    var unsettledReason: String?
    var releaseFailed = false

    harness.presenter.willPresent = { record in
      let request = Int(record.request.id.rawValue)
      var options: [ScheduleChoice] = [.letPresentationThrough]
      if tapsBeforePresentations, harness.tapsMade < taps {
        options.append(
          .step(.tapBeforePresentation(tap: harness.tapsMade + 1, request: request, occurrence: record.occurrence)))
      }
      if holdsPresentations {
        options.append(.step(.holdPresentation(request: request, occurrence: record.occurrence)))
      }
      guard options.count > 1, case .step(let step) = options[chooser.choose(options)] else { return false }
      steps.append(step)
      if case .holdPresentation = step { return true }
      harness.tap()
      return false
    }

    while true {
      let settled = await settler.settle {
        SettledState(snapshot: transport.snapshot, events: harness.log.count)
      }
      if settled == .quiet { quietSettles += 1 }
      if settled == .timedOut {
        settledInTime = false
        unsettledReason =
          "the scene did not settle within \(settler.timeout) after \(steps.isEmpty ? "the start" : RefetchSchedule(steps).description)"
        break
      }
      let records = transport.records
      let pending = transport.snapshot.pending
      let labels = RequestLabels(records)
      if !configuration.lateResponses,
        let newest = records.compactMap(\.userID).max(),
        pending.contains(where: { ($0.userID ?? newest) < newest })
      {
        failedChecks.insert(.supersededRequestCancelled)
      }
      var options: [ScheduleChoice] = []
      if harness.tapsMade < taps { options.append(.step(.tap(harness.tapsMade + 1))) }
      for label in pending.compactMap({ labels[$0.id] }).sorted() {
        options.append(.step(.release(label, failing: false)))
        if injectFailures { options.append(.step(.release(label, failing: true))) }
      }
      for record in harness.presenter.heldPresentations {
        options.append(
          .step(.showHeldPresentation(request: Int(record.request.id.rawValue), occurrence: record.occurrence)))
      }
      guard !options.isEmpty else { break }
      guard case .step(let step) = options[chooser.choose(options)] else {
        preconditionFailure("SystematicTrial: a settled point offered no step")
      }
      steps.append(step)
      switch step {
      case .tap, .tapBeforePresentation:
        harness.tap()
      case .holdPresentation:
        preconditionFailure("SystematicTrial: a presentation is held only as it arrives")
      case .showHeldPresentation(let request, let occurrence):
        if !harness.presenter.showHeld(request: request, occurrence: occurrence) { releaseFailed = true }
      case .release(let label, let failing):
        let reply: GateReply = failing ? .failure(.status(500)) : .natural
        if let id = labels.id(of: label), transport.release(id, with: reply) {
          break
        }
        releaseFailed = true
      }
    }
    harness.presenter.willPresent = nil

    let finished = await harness.waitForTapWork(timeout: configuration.quiescenceTimeout)
    if !finished, unsettledReason == nil {
      unsettledReason =
        "the taps' tasks had not finished \(configuration.quiescenceTimeout) after the last step, with nothing left to release"
    }
    let quiescent = settledInTime && finished
    let result = TrialGrading.result(
      harness: harness, schedule: RefetchSchedule(steps), quiescent: quiescent,
      failedChecks: failedChecks, diverged: chooser.diverged || releaseFailed,
      quietSettles: quietSettles, unsettledReason: unsettledReason,
      expectedContent: TrialDataset.expectedContent(of: dataset))
    // Graded. Answer whatever a scene that did not settle left parked, so
    // that its tasks end instead of waiting for the rest of the process.
    _ = transport.releaseAll(with: .failure(.status(503)))
    return result
  }
}

/// What the settler watches in a systematic trial.
private struct SettledState: Equatable {
  var snapshot: MockTransportSnapshot
  var events: Int
}
