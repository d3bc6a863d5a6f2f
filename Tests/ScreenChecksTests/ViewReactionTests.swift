import CheckerFixtures
import Testing

@testable import ScreenChecks

/// The view's reactions to an action (the render that restarts
/// `.task(id:)`, the start of a `.refreshable` closure) are choices of a
/// schedule, written `v2` when put off; a result shown before code of the
/// screen has seen the newer action is not the screen's fault.
@Suite struct ViewReactionTests {
  // MARK: - Schedules

  @Test func aReactionIsATokenOfItsOwn() throws {
    let schedule = try ScreenSchedule(parsing: "q1,q2,user1,posts1,v2,user2,posts2")
    #expect(schedule.steps[4] == .react(2))
    #expect(schedule.description == "q1,q2,user1,posts1,v2,user2,posts2")
    #expect(schedule.actionCount == 2)
    #expect(!ScreenNames.isEndpointName("v"))
  }

  @MainActor
  @Test func aReplayPutsOffOnlyTheReactionItsNextVStepNames() {
    // `v2` next: the reaction to action 2 is put off, so the step after it is taken first.
    let putOff = ReplayChooser(
      ScreenSchedule([.release(CallLabel(endpoint: "user", action: 1), failing: false), .react(2)]))
    let options: [ScheduleChoice] = [
      .reactNow(2), .step(.release(CallLabel(endpoint: "user", action: 1), failing: false)),
    ]
    #expect(putOff.choose(options) == 1)
    // A later `v3` is another reaction's: this one happens at once.
    let atOnce = ReplayChooser(
      ScreenSchedule([.release(CallLabel(endpoint: "user", action: 1), failing: false), .react(3)]))
    #expect(atOnce.choose(options) == 0)
    // No `v` at all: at once, as every schedule written before reactions were choices.
    let old = ReplayChooser(ScreenSchedule([.release(CallLabel(endpoint: "user", action: 1), failing: false)]))
    #expect(old.choose(options) == 0)
  }

  @MainActor
  @Test func theRenderBetweenAnIDChangeAndTheRestartIsWhereTheRestartAloneFails() async throws {
    let checker = ScreenChecker(FixtureScreens.restartOnlyDetail, configuration: CheckConfiguration(actions: 2))
    // The old load's answers arrive before the view renders the new id: it shows them.
    let putOff = try await checker.replay(ScreenSchedule(parsing: "q1,q2,user1,posts1,v2,user2,posts2"))
    #expect(!putOff.diverged, "\(putOff.transcript)")
    #expect(putOff.verdict.outcome == .staleFlash, "\(putOff.transcript)")
    // The view reacts at once: the restart cancels the old load before its answers.
    let atOnce = try await checker.replay(ScreenSchedule(parsing: "q1,q2,user2,posts2"))
    #expect(!atOnce.diverged, "\(atOnce.transcript)")
    #expect(atOnce.verdict.outcome == .latestOnly, "\(atOnce.transcript)")
  }

  @MainActor
  @Test func twoIDChangesBeforeOneRenderStartOneLoadForTheIDThenSeen() async throws {
    let checker = ScreenChecker(FixtureScreens.guardedDetail, configuration: CheckConfiguration(actions: 2))
    // q1 and q2 before the render: one restart, for q2; q1 is never loaded.
    let result = try await checker.replay(ScreenSchedule(parsing: "q1,q2,v1,user2,posts2"))
    #expect(!result.diverged, "\(result.transcript)")
    #expect(result.calls.map(\.label.description).sorted() == ["posts2", "user2"], "\(result.transcript)")
    #expect(result.verdict.outcome == .latestOnly)
  }

  @MainActor
  @Test func aReplayThatCannotBeFollowedIsAnErrorNeverAnotherPath() async throws {
    let checker = ScreenChecker(FixtureScreens.infiniteFeed, configuration: CheckConfiguration(actions: 2))
    // A next page can never come first: the replay stops there, with the choices it had.
    await #expect(
      throws: ScreenDescriptionError.actionNotOffered(
        screen: "infinite-feed", schedule: "n1,r2", step: "n1", offered: ["r1", "page0", "page0f"])
    ) {
      _ = try await checker.replay(ScreenSchedule(parsing: "n1,r2"))
    }
    // An answer to a call never made is no choice either.
    let never = await #expect(throws: ScreenDescriptionError.self) {
      _ = try await checker.replay(ScreenSchedule(parsing: "r1,page7"))
    }
    guard case .replayNotFollowed(_, _, "page7", _) = never else {
      Issue.record("expected replayNotFollowed at page7, got \(String(describing: never))")
      return
    }
    let error = ScreenDescriptionError.replayNotFollowed(
      screen: "infinite-feed", schedule: "n1,r2", step: "n1", offered: ["r1", "page0", "page0f"])
    #expect(
      error.description
        == "infinite-feed: the replay n1,r2 cannot be followed: n1 is not a choice there (the choices were r1, "
        + "page0, page0f); replay a schedule from this screen's own report, with its number of actions")
  }

  // MARK: - Blame

  private static let contract: ScreenContract = .latestWins
  private static func action(_ index: Int, _ kind: ActionKind) -> ActionRecord {
    ActionRecord(index: index, kind: kind, value: "", generation: index, time: .now)
  }
  private static func shows(_ generation: Int) -> TimelineEvent {
    let item = ShownItem(token: "g\(generation)", generation: generation)
    return .display(Display(items: [item], newlyShown: [item], insideActionWork: true, text: "shows g\(generation)"))
  }

  @Test func aResultShownBeforeTheScreenSawTheNewerActionIsNotItsFault() {
    let timeline: [TimelineEvent] = [
      .action(Self.action(1, .refresh)), .actionSeen(1), Self.shows(1),
      .action(Self.action(2, .refresh)), Self.shows(1), .actionSeen(2), Self.shows(2),
    ]
    let verdict = ContractGrader.grade(.init(timeline: timeline, contract: Self.contract, quiescent: true))
    #expect(verdict.outcome == .latestOnly)
  }

  @Test func aResultShownAfterTheScreenSawTheNewerActionIsAStaleFlash() {
    let timeline: [TimelineEvent] = [
      .action(Self.action(1, .refresh)), .actionSeen(1), Self.shows(1),
      .action(Self.action(2, .refresh)), .actionSeen(2), Self.shows(1), Self.shows(2),
    ]
    let verdict = ContractGrader.grade(.init(timeline: timeline, contract: Self.contract, quiescent: true))
    #expect(verdict.observed.contains(.staleFlash))
    #expect(verdict.window == "action 1's results shown after the screen's code saw action 2 (its closure had started)")
  }

  /// The report names the window: a synchronous action is seen as it is made.
  @Test func aStaleResultAfterASynchronousActionIsBlamedFromWhenItWasMade() {
    let timeline: [TimelineEvent] = [
      .action(Self.action(1, .refresh)), .actionSeen(1), Self.shows(1), .action(Self.action(2, .refresh)),
      Self.shows(1), Self.shows(2),
    ]
    let verdict = ContractGrader.grade(.init(timeline: timeline, contract: Self.contract, quiescent: true))
    #expect(verdict.window == "action 1's results shown after the screen's code saw action 2 (as it was made)")
    let clean = ContractGrader.grade(
      .init(timeline: Array(timeline.prefix(4)) + [Self.shows(2)], contract: Self.contract, quiescent: true))
    #expect(clean.window == nil)
  }

  @MainActor
  @Test func aPageThatLandsBeforeTheRefreshClosureStartsIsNotBlamed() async throws {
    let checker = ScreenChecker(FixtureScreens.infiniteFeed, configuration: CheckConfiguration(actions: 1))
    // The pull is made; the appearance's load answers before the refresh's closure starts.
    let result = try await checker.replay(ScreenSchedule(parsing: "r1,page0,v1,page1"))
    #expect(!result.diverged, "\(result.transcript)")
    #expect(result.viewLog.contains { $0.hasPrefix("shows [page0-1, page0-2]") }, "\(result.transcript)")
    #expect(result.verdict.outcome == .latestOnly, "\(result.transcript)")
  }
}
