import CheckerFixtures
import Testing

@testable import ScreenChecks

/// An answer can arrive while the thread that would take its task on is
/// kept from running: the answer is in hand, a cancellation no longer
/// reaches the call, and the task goes on later, after whatever the user and
/// the other tasks did meanwhile. Systematic mode chooses that as a step of
/// its own (`feed0h` … `feed0r`), one level deeper, as it chooses a job other
/// than the oldest.
@Suite struct HeldAnswerTests {
  @Test func aHeldAnswerIsWrittenAndReadBack() throws {
    let schedule = try ScreenSchedule(parsing: "feed0h,r1,u1fh,search1#2h,feed0r,u1r,search1#2r")
    let feed = CallLabel(endpoint: "feed", action: 0)
    #expect(schedule.steps[0] == .holdAnswer(feed, failing: false))
    #expect(schedule.steps[2] == .holdAnswer(CallLabel(endpoint: "u", action: 1), failing: true))
    #expect(schedule.steps[3] == .holdAnswer(CallLabel(endpoint: "search", action: 1, ordinal: 2), failing: false))
    #expect(schedule.steps[4] == .resumeHeldAnswer(feed))
    #expect(schedule.description == "feed0h,r1,u1fh,search1#2h,feed0r,u1r,search1#2r")
    // A hold keeps a runnable task from running: it spends a preemption.
    #expect(schedule.jobLevelSteps == 3)
    #expect(schedule.actionCount == 1)
  }

  /// The pull-to-refresh feed reloaded by `.task(id:)`: the load at
  /// appearance, cancelled by the pull's render while its answer is held,
  /// goes on with its answer, not with a cancellation, and shows it.
  @MainActor
  @Test func aTaskCancelledWhileItsAnswerIsHeldGoesOnWithTheAnswer() async throws {
    let checker = ScreenChecker(FixtureScreens.reloadFeed, configuration: CheckConfiguration(actions: 1))
    // Parked when the pull's render cancels it: the load shows the cancellation.
    let parked = try await checker.replay(ScreenSchedule(parsing: "r1,feed1"))
    #expect(parked.verdict.observed.contains(.spuriousError), "\(parked.transcript)")
    #expect(parked.calls.first { $0.label.action == 0 }?.outcome == .cancelled, "\(parked.transcript)")

    let held = try await checker.replay(ScreenSchedule(parsing: "feed0h,r1,feed0r,feed1"))
    #expect(!held.diverged, "\(held.transcript)")
    #expect(held.calls.first { $0.label.action == 0 }?.outcome == .answered(status: nil), "\(held.transcript)")
    #expect(!held.verdict.observed.contains(.spuriousError), "\(held.transcript)")
    // Its results are shown after the pull, then the pull's own.
    #expect(held.verdict.outcome == .staleFlash, "\(held.transcript)")

    // Held until after the pull's answer: the screen ends on the old load's results.
    let overtaking = try await checker.replay(ScreenSchedule(parsing: "feed0h,r1,feed1,feed0r"))
    #expect(!overtaking.diverged, "\(overtaking.transcript)")
    #expect(overtaking.verdict.outcome == .staleFinal, "\(overtaking.transcript)")
  }

  /// The same for a clock's wake: the debounced search whose debounce
  /// task woke before the second query was typed, held until after the
  /// second query's debounce searched, cancels that search and searches for
  /// the first query.
  @MainActor
  @Test func aTaskHeldAfterItsSleepWokeGoesOnThoughCancelled() async throws {
    let checker = ScreenChecker(FixtureScreens.debounceLeak, configuration: CheckConfiguration(actions: 2))
    let schedule = try ScreenSchedule(parsing: "q1,d1h,q2,d2,d1r,search1")
    #expect(schedule.steps[1] == .holdWake(1) && schedule.steps[4] == .resumeHeldWake(1))
    #expect(schedule.description == "q1,d1h,q2,d2,d1r,search1")
    let held = try await checker.replay(schedule)
    #expect(!held.diverged, "\(held.transcript)")
    #expect(held.calls.first { $0.label.action == 2 }?.outcome == .cancelled, "\(held.transcript)")
    #expect(held.verdict.outcome == .staleFinal, "\(held.transcript)")
    // Not held, the first debounce's task sees its cancellation and ends.
    await #expect(throws: ScreenDescriptionError.self) {
      try await checker.replay(ScreenSchedule(parsing: "q1,d1,q2,d2,search1"))
    }
  }

  /// Holding an answer is a job-level choice: the default level never
  /// takes it, one preemption deeper does, and finds the old load's results
  /// left on screen, which no ordering of the default level shows.
  @MainActor
  @Test func oneLevelDeeperHoldsAnAnswerAndFindsWhatOnlyAHoldShows() async throws {
    let checker = ScreenChecker(FixtureScreens.reloadFeed, configuration: CheckConfiguration(actions: 2))
    let report = try await checker.runSystematic(SystematicOptions(deepenTo: 1))
    #expect(report.observedCount(.staleFinal) == 0, "\(report.table)")
    let deeper = try #require(report.deeperLevels.first, "\(report.table)")
    #expect(deeper.complete, "\(report.table)")
    #expect((deeper.counts[.staleFinal] ?? 0) > 0, "\(report.table)")
  }
}
