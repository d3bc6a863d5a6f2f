import CheckerFixtures
import Foundation
import ScreenChecks
import ScreenChecksTesting
import Testing

/// A check in a user's test records one failure per forbidden thing it
/// found, each with its replay string; a replay string pins a found bug as
/// a test of its own.
@Suite struct FindingsAsTestFailuresTests {
  /// The issues a test recorded, as `withKnownIssue` hands them over.
  // Safety: `noted` is read and written only with `lock` held (an NSLock,
  // which ThreadSanitizer sees, unlike Synchronization.Mutex on Linux).
  final class Recorded: @unchecked Sendable {
    private let lock = NSLock()
    private var noted: [String] = []

    /// The comments of the issues noted so far.
    var comments: [String] { lock.withLock { noted } }

    func note(_ issue: Issue) -> Bool {
      let text = issue.comments.map(\.rawValue).joined(separator: " ")
      lock.withLock { noted.append(text) }
      return true
    }

    /// Notes a comment recorded by another test library.
    func note(_ text: String) {
      lock.withLock { noted.append(text) }
    }
  }

  /// The comments of the failures `check` records, each taken as a known
  /// issue of the calling test.
  @MainActor
  static func failures(
    sourceLocation: SourceLocation = #_sourceLocation, of check: @MainActor () async throws -> Void
  ) async throws -> [String] {
    let recorded = Recorded()
    try await withKnownIssue(sourceLocation: sourceLocation) {
      try await check()
    } matching: {
      recorded.note($0)
    }
    return recorded.comments
  }

  @MainActor
  @Test func aFailingCheckRecordsOneFailurePerForbiddenOutcomeWithItsReplay() async throws {
    // The flawed feed shows an older load's results in 40 of its 64
    // orderings (the outcome of 32), a cancellation as an error in 20, and,
    // in those, its spinner off while the newest load runs.
    let checker = ScreenChecker(FixtureScreens.reloadFeed, configuration: CheckConfiguration(actions: 2))
    let comments = try await Self.failures { try await checker.expectNothingForbidden(SystematicOptions(deepenTo: 0)) }
    #expect(comments.count == 3, "\(comments)")
    #expect(
      comments.map { $0.components(separatedBy: ": replay ")[0] } == [
        "reload-feed: stale-flash in 40 of 64 orderings (32 with it as their primary outcome, the table's count)",
        "reload-feed: spurious-error in 20 of 64 orderings",
        "reload-feed: spinner-off in 20 of 64 orderings (0 with it as their primary outcome, the table's count)",
      ], "\(comments)")
    #expect(comments.allSatisfy { $0.contains(": replay ") }, "\(comments)")
    // Each replay string reproduces its outcome.
    let report = try await checker.runSystematic(SystematicOptions(deepenTo: 0))
    #expect(report.findings.map(\.outcome) == [.staleFlash, .spuriousError, .spinnerOff])
    // Each count is the table's row, or says how it differs: the row counts primary outcomes.
    #expect(report.count(.staleFlash) == 32 && report.observedCount(.staleFlash) == 40, "\(report.table)")
    #expect(report.table.contains("  stale-flash             32 "), "\(report.table)")
    for finding in report.findings {
      let replay = try #require(finding.replay)
      #expect(comments.contains { $0.contains("replay \(replay)") })
      let replayed = try await checker.replay(replay)
      #expect(replayed.verdict.observed.contains(try #require(finding.outcome)), "\(replayed.transcript)")
    }
  }

  /// Each failure line says what the checker knows of its cause, not only
  /// the attached table: here the flawed feed checked by sampling, since
  /// the runtime offers the checker no hook to count its jobs with, and
  /// every line says so.
  @MainActor
  @Test func eachFailureLineCarriesTheCauseTheCheckerKnows() async throws {
    var checker = ScreenChecker(FixtureScreens.reloadFeed, configuration: CheckConfiguration(actions: 2))
    checker.jobDriver = TrialJobDriver.connect(hookSymbol: "swift_task_no_such_hook")
    let comments = try await Self.failures { try await checker.expectNothingForbidden(SystematicOptions(deepenTo: 0)) }
    #expect(!comments.isEmpty)
    for comment in comments {
      #expect(comment.hasPrefix("reload-feed: "), "\(comment)")
      #expect(
        comment.hasSuffix(
          "; NOT EXACT, sampled instead of counting: the concurrency runtime exports no swift_task_no_such_hook, "
            + "so a trial's jobs cannot be taken from it"), "\(comment)")
    }
  }

  @MainActor
  @Test func aCorrectScreensCheckRecordsNothing() async throws {
    let checker = ScreenChecker(FixtureScreens.correctFeed, configuration: CheckConfiguration(actions: 2))
    let report = try await checker.expectNothingForbidden()
    #expect(report.findings.isEmpty)
    #expect(report.trials > 0)
  }

  @MainActor
  @Test func aDeeperLevelsFindingIsAFailureOfItsOwn() async throws {
    // Found only one preemption deeper: the first level is clean.
    let checker = ScreenChecker(FixtureScreens.offMainCheckSearch, configuration: CheckConfiguration(actions: 2))
    let comments = try await Self.failures { try await checker.expectNothingForbidden() }
    #expect(comments.count == 1, "\(comments)")
    #expect(
      comments.first?.hasPrefix("off-main-check-search: 1 preemption deeper: stale-flash in ") == true, "\(comments)")
  }

  @MainActor
  @Test func aReplayStringFailsTheTestWhileTheBugIsThereAndPassesOnceItIsFixed() async throws {
    let flawed = ScreenChecker(FixtureScreens.reloadFeed, configuration: CheckConfiguration(actions: 2))
    let recorded = try await Self.failures { try await flawed.expectNothingForbidden(replaying: "r1,r2,feed2") }
    #expect(
      recorded == ["reload-feed: the replay r1,r2,feed2 shows spurious-error, spinner-off"])
    // The correct feed, under the same schedule: nothing recorded.
    let fixed = ScreenChecker(FixtureScreens.correctFeed, configuration: CheckConfiguration(actions: 2))
    let result = try await fixed.expectNothingForbidden(replaying: "r1,r2,feed2")
    #expect(!result.diverged)
  }

  /// A fix that cancels the debounce's sleep removes the wake and the
  /// search the replay answers: those steps are skipped, the actions are
  /// not, and what the screen then shows is graded.
  @MainActor
  @Test func aReplayPassesOnAFixThatNoLongerWaitsForItsWakeAndAnswer() async throws {
    let replay = "q1,c2,d1,search1"
    let flawed = ScreenChecker(FixtureScreens.refilling, configuration: CheckConfiguration(actions: 2))
    let recorded = try await Self.failures { try await flawed.expectNothingForbidden(replaying: replay) }
    #expect(recorded == ["refilling: the replay \(replay) shows stale-final, refilled"])
    let fixed = ScreenChecker(FixtureScreens.correctSearch, configuration: CheckConfiguration(actions: 2))
    await #expect(throws: ScreenDescriptionError.self, "replayed exactly, the fixed screen has no d1") {
      try await fixed.replay(ScreenSchedule(parsing: replay))
    }
    let result = try await fixed.expectNothingForbidden(replaying: replay)
    #expect(result.schedule?.description == "q1,c2", "\(result.transcript)")
    // An action the screen cannot take is still an error.
    await #expect(throws: ScreenDescriptionError.self) {
      try await fixed.expectNothingForbidden(replaying: "q1,n2")
    }
  }

  @MainActor
  @Test func aStringThatIsNoScheduleIsAnError() async throws {
    let checker = ScreenChecker(FixtureScreens.correctFeed, configuration: CheckConfiguration(actions: 2))
    await #expect(throws: ScheduleParseError.self) { try await checker.expectNothingForbidden(replaying: "1r") }
  }
}

/// When the first finding came, counted in orderings: the same on every
/// machine and in every run, so that screens can be compared by it.
@Suite struct FirstFindingTests {
  @MainActor
  @Test func theFirstFindingIsCountedInOrderingsTheSameEveryRun() async throws {
    let checker = ScreenChecker(FixtureScreens.reloadFeed, configuration: CheckConfiguration(actions: 2))
    let first = try await checker.runSystematic(SystematicOptions(deepenTo: 0))
    let second = try await checker.runSystematic(SystematicOptions(deepenTo: 0))
    let ordering = try #require(first.orderingsToFirstFinding)
    #expect(ordering >= 1 && ordering <= first.trials)
    #expect(second.orderingsToFirstFinding == ordering)
    #expect(first.table.contains("(ordering \(ordering) of \(first.trials))"), "\(first.table)")

    let deeper = try await ScreenChecker(
      FixtureScreens.offMainCheckSearch, configuration: CheckConfiguration(actions: 2)
    ).runSystematic()
    let level = try #require(deeper.deeperLevels.first)
    let atOrdering = try #require(level.orderingsToFirstFinding)
    #expect(atOrdering >= 1 && atOrdering <= level.orderings)
    #expect(level.summary.contains("the first at ordering \(atOrdering), "), "\(level.summary)")
    // Nothing forbidden at the first level: no ordering to report.
    #expect(deeper.orderingsToFirstFinding == nil)
  }
}
