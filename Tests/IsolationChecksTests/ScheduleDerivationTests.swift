import Foundation
import MockNetwork
import ProfileScene
import Testing

@testable import IsolationChecks

/// How a stress trial's records become candidate schedules, on a trial
/// written by hand (a real stress trial's timing cannot be chosen).
@Suite struct ScheduleDerivationTests {
  static let origin = ContinuousClock.now

  static func at(_ microseconds: Int) -> ContinuousClock.Instant {
    origin + .microseconds(microseconds)
  }

  static func call(
    _ id: Int, _ route: MockRoute, tap: Int, from start: Int, to end: Int, _ outcome: CallRecord.Outcome
  ) -> CallRecord {
    CallRecord(
      id: id, label: RequestLabel(route: route, tap: tap), request: "\(route)(user \(tap))", key: nil,
      start: at(start), plannedLatency: nil, end: at(end), outcome: outcome)
  }

  static func presentation(_ request: Int, at time: Int) -> PresentationRecord {
    PresentationRecord(request: request, kind: .result, occurrence: 1, time: at(time))
  }

  static func tap(_ index: Int, at time: Int) -> ActionRecord {
    ActionRecord(index: index, kind: .load, value: String(index), generation: index, time: at(time))
  }

  /// The seed scene's stale-final: tap 1's answers arrive, tap 2 is made
  /// before tap 1's presentation reaches the main actor, and that
  /// presentation arrives only after tap 2's.
  static let overtaken = ScreenTrialResult(
    schedule: nil, verdict: ScreenVerdict(observed: [.staleFinal]), failedChecks: [], viewLog: [],
    presentations: [presentation(2, at: 400), presentation(1, at: 450)],
    calls: [
      call(1, .user, tap: 1, from: 0, to: 100, .answered(status: 200)),
      call(2, .posts, tap: 1, from: 0, to: 110, .answered(status: 200)),
      call(3, .user, tap: 2, from: 150, to: 300, .answered(status: 200)),
      call(4, .posts, tap: 2, from: 150, to: 310, .answered(status: 200)),
    ],
    actions: [tap(1, at: 0), tap(2, at: 120)], quiescent: true, leftInFlight: 0, diverged: false, quietSettles: 0)

  @Test func anOvertakenPresentationIsHeldFromItsAnswersUntilItWasShown() {
    let candidates = ScheduleDerivation.candidates(for: Self.overtaken).map(\.description)
    #expect(candidates.contains("t1,u1,p1,h1,t2,u2,p2,s1"), "\(candidates)")
    #expect(candidates.first == "t1,u1,p1,t2@1,u2,p2", "the candidates without holds come first")
  }

  @Test func onlyAPresentationShownAfterANewerOneIsOvertaken() {
    let inOrder = [Self.presentation(1, at: 100), Self.presentation(2, at: 200)]
    #expect(ScheduleDerivation.overtaken(in: inOrder).isEmpty)
    let overtaken = ScheduleDerivation.overtaken(in: [
      Self.presentation(2, at: 100), Self.presentation(1, at: 200), Self.presentation(3, at: 300),
    ])
    #expect(overtaken.map(\.request) == [1])
  }
}

extension ScheduleDerivationTests {
  static func error(_ request: Int, at time: Int) -> PresentationRecord {
    PresentationRecord(request: request, kind: .error, occurrence: 1, time: at(time))
  }

  /// Stress findings of the corrected interactor behind the guide's view
  /// that once had no reproducing schedule, written from the events real
  /// stress trials recorded: tap 1's user call failed, its posts call was
  /// cancelled (or failed) after it, and its error reached the screen after
  /// tap 2 was made, before tap 2 reached the interactor.
  static let siblingCancelled = ScreenTrialResult(
    schedule: nil, verdict: ScreenVerdict(observed: [.staleFlash]), failedChecks: [], viewLog: [],
    presentations: [error(1, at: 2_462), presentation(2, at: 6_536)],
    calls: [
      call(1, .user, tap: 1, from: 1_700, to: 1_969, .failed("status(500)")),
      call(2, .posts, tap: 1, from: 1_721, to: 2_014, .cancelled),
      call(3, .user, tap: 2, from: 3_235, to: 5_666, .answered(status: 200)),
      call(4, .posts, tap: 2, from: 3_283, to: 5_690, .answered(status: 200)),
    ],
    actions: [tap(1, at: 0), tap(2, at: 1_451)], quiescent: true, leftInFlight: 0, diverged: false, quietSettles: 0)
  static let siblingFailedLate = ScreenTrialResult(
    schedule: nil, verdict: ScreenVerdict(observed: [.staleFlash]), failedChecks: [], viewLog: [],
    presentations: [error(1, at: 1_617), presentation(2, at: 5_046)],
    calls: [
      call(1, .user, tap: 1, from: 579, to: 1_392, .failed("status(500)")),
      call(2, .posts, tap: 1, from: 599, to: 1_497, .failed("status(500)")),
      call(3, .user, tap: 2, from: 3_187, to: 4_469, .answered(status: 200)),
      call(4, .posts, tap: 2, from: 3_208, to: 4_555, .answered(status: 200)),
    ],
    actions: [tap(1, at: 0), tap(2, at: 1_424)], quiescent: true, leftInFlight: 0, diverged: false, quietSettles: 0)
}

extension CheckerTrials {
  /// A derived schedule replayed on the real seed scene: a systematic trial,
  /// so it runs with the other trials, one at a time.
  @Suite struct ScheduleDerivationReplayTests {
    @MainActor
    @Test(arguments: ["posts cancelled after the user call failed", "posts failed after tap 2"])
    func aStaleErrorOfTheCorrectedInteractorBehindTheGuidesViewReplays(_ shape: String) async throws {
      let (finding, style) =
        shape.hasPrefix("posts cancelled")
        ? (ScheduleDerivationTests.siblingCancelled, CancellationStyle.cancellationError)
        : (ScheduleDerivationTests.siblingFailedLate, CancellationStyle.urlSession)
      let checker = RefetchChecker(
        scene: .shipped(.corrected, policy: .guide),
        configuration: CheckConfiguration(actions: 2, cancellationStyle: style))
      var replays = FindingReplays()
      let schedule = try #require(
        try await checker.core.reproduction(of: finding, replays: &replays)?.schedule,
        "\(ScheduleDerivation.candidates(for: finding).map(\.description))")
      let replayed = await checker.replay(schedule)
      #expect(!replayed.diverged)
      #expect(replayed.verdict.outcome == .staleFlash, "\(replayed.log)")
    }

    /// The derived schedule reproduces the outcome on the real seed scene.
    @MainActor
    @Test func theHeldScheduleReproducesTheSeedScenesStaleFinal() async throws {
      let checker = RefetchChecker(
        scene: .shipped(.guide, policy: .guide), configuration: CheckConfiguration(actions: 2))
      let schedule = try #require(
        ScheduleDerivation.candidates(for: ScheduleDerivationTests.overtaken).first { $0.holdsPresentations })
      let replayed = await checker.replay(schedule)
      #expect(!replayed.diverged)
      #expect(replayed.verdict.outcome == .staleFinal, "\(replayed.log)")
    }
  }
}
