import CheckerFixtures
import Foundation
import Observation
import ScreenChecks
import Testing

/// Stress findings that once had no reproducing schedule, each written from
/// the events a real stress trial recorded (its times, in microseconds from
/// its first action): the schedule derived from them now reproduces the
/// outcome on the fixture, replayed exactly.
@Suite struct StressGapTests {
  static let origin = ContinuousClock.now

  static func at(_ microseconds: Int) -> ContinuousClock.Instant { origin + .microseconds(microseconds) }

  static func action(_ index: Int, _ kind: ActionKind, at time: Int) -> ActionRecord {
    let value =
      switch kind {
      case .type: "q\(index)"
      case .clear: ""
      default: String(index)
      }
    return ActionRecord(index: index, kind: kind, value: value, generation: index, time: at(time))
  }

  /// - Parameter due: when its answer was due (a stress call's start and planned latency).
  static func call(
    _ id: Int, _ endpoint: String, action: Int, from start: Int, to end: Int, failing: Bool = false,
    cancelled: Bool = false, due: Int? = nil, ordinal: Int = 1
  ) -> CallRecord {
    CallRecord(
      id: id, label: CallLabel(endpoint: endpoint, action: action, ordinal: ordinal), request: "", key: nil,
      start: at(start),
      plannedLatency: due.map { .microseconds($0 - start) }, end: at(end),
      outcome: cancelled ? .cancelled : failing ? .failed("status(500)") : .answered(status: nil))
  }

  /// - Parameter shown: the calls whose results the view showed, each
  ///   with the action it was first shown after, in main-actor order;
  ///   by default each call's results after the last action, as most of
  ///   these gaps' trials showed them.
  static func finding(
    _ outcome: ScreenOutcome, also: Set<ScreenOutcome> = [], actions: [ActionRecord], calls: [CallRecord],
    wakes: [Int: Int] = [:], reactions: [Int: Int] = [:], shown: [(call: Int, after: Int)]? = nil
  ) -> ScreenTrialResult {
    var result = ScreenTrialResult(
      schedule: nil, verdict: ScreenVerdict(observed: also.union([outcome])), failedChecks: [], viewLog: [],
      calls: calls, actions: actions, quiescent: true, leftInFlight: 0, diverged: false, quietSettles: 0)
    result.wakeTimes = wakes.mapValues(at)
    result.reactionTimes = reactions.mapValues(at)
    let shown = shown ?? calls.filter { $0.outcome != .cancelled }.map { ($0.id, actions.count) }
    func display(_ id: Int) -> TimelineEvent {
      let call = calls.first { $0.id == id }!
      let item = ShownItem(token: "\(call.label)-1", generation: call.label.action, call: call.id)
      return .display(Display(items: [item], newlyShown: [item], insideActionWork: true, text: "shows"))
    }
    result.timeline = shown.filter { $0.after == 0 }.map { display($0.call) }
    for action in actions {
      result.timeline.append(.action(action))
      result.timeline += shown.filter { $0.after == action.index }.map { display($0.call) }
    }
    return result
  }

  struct Gap: Sendable, CustomTestStringConvertible {
    var name: String
    var finding: ScreenTrialResult
    var checker: @MainActor @Sendable () -> ScreenChecker
    var testDescription: String { name }

    init<Model>(_ name: String, _ screen: ScreenDescription<Model>, _ finding: ScreenTrialResult) {
      self.name = name
      self.finding = finding
      let taps = finding.actions.count
      checker = { ScreenChecker(screen, configuration: CheckConfiguration(actions: taps)) }
    }
  }

  static let gaps = [
    // The user cleared and typed again while search 1's answer waited for
    // the main actor: it is stored under the third query.
    Gap(
      "two actions while an answer waits", FixtureScreens.racingLiveKey,
      finding(
        .wrongResults, actions: [action(1, .type, at: 0), action(2, .clear, at: 150), action(3, .type, at: 200)],
        calls: [call(1, "search", action: 1, from: 10, to: 100), call(2, "search", action: 3, from: 250, to: 400)])),
    // Search 2 answered (a failure) between the second and third actions,
    // while search 1's answer still waited for the main actor.
    Gap(
      "an answer between two actions made while another waits", FixtureScreens.racingLiveKey,
      finding(
        .refilled, actions: [action(1, .type, at: 0), action(2, .type, at: 3_626), action(3, .clear, at: 9_196)],
        calls: [
          call(1, "search", action: 1, from: 3_382, to: 4_026),
          call(2, "search", action: 2, from: 8_760, to: 9_045, failing: true),
        ])),
    // The load at appearance answered as the first pull cancelled it; both
    // pulls were made before its answer reached the main actor.
    Gap(
      "an answer arriving as its task is cancelled", FixtureScreens.skippingRefresh,
      finding(
        .staleFinal, actions: [action(1, .refresh, at: 0), action(2, .refresh, at: 2_846)],
        calls: [call(1, "feed", action: 0, from: -981, to: 256)])),
    // Both pulls were made while the answer of the load at appearance
    // waited for the main actor, and before the view's render for the first.
    Gap(
      "two pulls while an answer waits, before the render", FixtureScreens.reloadFeed,
      finding(
        .staleFlash, actions: [action(1, .refresh, at: 0), action(2, .refresh, at: 2_986)],
        calls: [call(1, "feed", action: 0, from: -370, to: 805), call(3, "feed", action: 2, from: 6_406, to: 7_249)],
        reactions: [1: 1_372, 2: 4_685])),
    // The debounce's sleep woke as the query was cleared: the search of the
    // cleared query still ran.
    Gap(
      "a clock's wake arriving as its task is cancelled", FixtureScreens.debounceLeak,
      finding(
        .refilled, actions: [action(1, .type, at: 0), action(2, .clear, at: 2_954)],
        calls: [call(1, "search", action: 1, from: 7_009, to: 7_494)], wakes: [1: 2_956])),
    // The first debounce woke before the second query was typed, but its
    // task went on only after the second debounce's: it cancelled the
    // second query's search and searched for the first.
    Gap(
      "a clock's wake whose task was held while the user typed again", FixtureScreens.debounceLeak,
      finding(
        .staleFinal, also: [.staleFlash, .lost], actions: [action(1, .type, at: 0), action(2, .type, at: 2_074)],
        calls: [
          call(1, "search", action: 2, from: 5_336, to: 5_358, cancelled: true, due: 5_576),
          call(2, "search", action: 1, from: 5_791, to: 5_994, due: 5_888),
        ],
        wakes: [1: 1_976, 2: 2_864], shown: [(2, 2)])),
  ]

  /// The pull-to-refresh example's flawed feed: the first pull's render
  /// cancelled the load at appearance, whose cancellation the screen shows
  /// as an error; the next load's answer replaced it before the view read
  /// it, and was itself shown after the second pull. Systematic mode reads
  /// the screen after every main-actor job, so the replay shows the
  /// cancellation too: it reproduces the stale flash, and more.
  @MainActor
  @Test func aFindingWhoseRenderMissedAPassingErrorReplaysWithTheErrorToo() async throws {
    var finding = Self.finding(
      .staleFlash, actions: [Self.action(1, .refresh, at: 0), Self.action(2, .refresh, at: 4_470)],
      calls: [
        Self.call(2, "feed", action: 1, from: 2_828, to: 3_948),
        Self.call(3, "feed", action: 2, from: 10_625, to: 11_411),
      ])
    finding.reactionTimes = [1: Self.at(865), 2: Self.at(6_698)]
    let checker = ScreenChecker(FixtureScreens.reloadFeed, configuration: CheckConfiguration(actions: 2))
    var replays = FindingReplays()
    let found = try #require(try await checker.reproduction(of: finding, replays: &replays))
    #expect(found.verdict.observed.isSuperset(of: [.staleFlash]), "\(found.verdict)")
    #expect(found.verdict.outcome == .spuriousError)
    let replayed = try await checker.replay(found.schedule)
    #expect(replayed.verdict == found.verdict, "\(replayed.transcript)")
    print("a render that missed a passing error: \(found.schedule), replayed: \(found.verdict)")
  }

  @MainActor
  @Test(arguments: gaps)
  func aScheduleDerivedFromTheRecordedEventsReproducesTheFinding(_ gap: Gap) async throws {
    let checker = gap.checker()
    var replays = FindingReplays()
    let schedule = try #require(
      try await checker.reproduction(of: gap.finding, replays: &replays)?.schedule,
      "\(ScheduleDerivation.candidates(for: gap.finding).map(\.description))")
    let replayed = try await checker.replay(schedule)
    #expect(!replayed.diverged, "\(replayed.transcript)")
    #expect(replayed.verdict.outcome == gap.finding.verdict.outcome, "\(replayed.transcript)")
    print("\(gap.name): \(schedule)")
  }
}

extension StressGapTests {
  /// The repository screen (three calls an action with `async let`, an
  /// error in its own words): status and pulls answered, commits failed,
  /// but the load took the failure on only after the second query was
  /// typed, and showed "Couldn't load q1" before the view restarted it.
  /// The schedule holds the failed call's task and lets it go on right
  /// after the action, before the view's reaction. The error is the first
  /// query's genuine failure, shown after the second was typed: a stale
  /// flash (graded spurious-error while an error naming no call was blamed
  /// on the newest action).
  @MainActor
  @Test func aSiblingsFailureTakenOnAfterTheNextActionReplaysWithItsTaskHeld() async throws {
    let actions = [Self.action(1, .type, at: 0), Self.action(2, .type, at: 3_944)]
    var finding = Self.finding(
      .staleFlash, actions: actions,
      calls: [
        Self.call(1, "status", action: 1, from: 1_459, to: 2_459, due: 1_618),
        Self.call(2, "commits", action: 1, from: 1_474, to: 2_588, failing: true, due: 1_729),
        Self.call(3, "pulls", action: 1, from: 1_487, to: 2_805, due: 1_840),
        Self.call(4, "status", action: 2, from: 7_727, to: 9_363, due: 7_808),
        Self.call(5, "commits", action: 2, from: 7_769, to: 9_605, due: 8_123),
        Self.call(6, "pulls", action: 2, from: 7_780, to: 9_534, due: 8_062),
      ],
      reactions: [1: 393, 2: 6_056], shown: [])
    let error = ShownError(message: "Couldn't load q1", generation: 1, genuine: true)
    let results = (4...6).map { id in
      ShownItem(token: "\(finding.calls[id - 1].label)-1", generation: 2, call: id)
    }
    finding.timeline = [
      .action(actions[0]),
      .display(Display(items: [], newlyShown: [], isLoading: true, insideActionWork: true, text: "")),
      .action(actions[1]), .display(Display(items: [], newlyShown: [], error: error, insideActionWork: true, text: "")),
      .display(Display(items: results, newlyShown: results, insideActionWork: true, text: "")),
    ]
    let checker = ScreenChecker(FixtureScreens.restartOnlyRepository, configuration: CheckConfiguration(actions: 2))
    var replays = FindingReplays()
    let schedule = try #require(
      try await checker.reproduction(of: finding, replays: &replays)?.schedule,
      "\(ScheduleDerivation.candidates(for: finding).map(\.description))")
    #expect(schedule.description.contains("commits1fh"), "\(schedule)")
    let replayed = try await checker.replay(schedule)
    #expect(replayed.verdict.outcome == .staleFlash, "\(replayed.transcript)")
  }

  /// The repository screen at three actions: the task the view started
  /// for the first query first ran after the second was typed, read it,
  /// made its three calls and was cancelled by the render for the second,
  /// whose own task made them again (`status2#2`). Its commits call failed,
  /// and the load took the failure on only after the third query was
  /// typed. A replay whose first task started in time makes the second
  /// query's calls once: the derivation numbers the calls after the
  /// cancelled ones as though those had never been made. The error is the
  /// second query's genuine failure shown after the third was typed: a
  /// stale flash.
  @MainActor
  @Test func callsCancelledBeforeAnyAnswerAndMadeAgainAreLeftOutOfTheReplay() async throws {
    let actions = [Self.action(1, .type, at: 0), Self.action(2, .type, at: 2_502), Self.action(3, .type, at: 7_507)]
    var finding = Self.finding(
      .staleFlash, actions: actions,
      calls: [
        Self.call(1, "status", action: 2, from: 4_605, to: 4_630, cancelled: true, due: 4_921),
        Self.call(2, "commits", action: 2, from: 4_656, to: 4_692, cancelled: true, due: 4_712),
        Self.call(3, "pulls", action: 2, from: 4_685, to: 4_697, cancelled: true, due: 4_821),
        Self.call(4, "status", action: 2, from: 5_459, to: 6_073, due: 5_639, ordinal: 2),
        Self.call(5, "commits", action: 2, from: 5_471, to: 6_483, failing: true, due: 5_848, ordinal: 2),
        Self.call(6, "pulls", action: 2, from: 5_478, to: 6_540, due: 5_869, ordinal: 2),
        Self.call(7, "status", action: 3, from: 10_224, to: 11_255, due: 10_596),
        Self.call(8, "commits", action: 3, from: 10_232, to: 10_987, due: 10_440),
        Self.call(9, "pulls", action: 3, from: 10_238, to: 10_910, due: 10_304),
      ],
      reactions: [1: 2_349, 2: 3_631, 3: 8_205], shown: [])
    let error = ShownError(message: "Couldn't load q2", generation: 2, genuine: true)
    let results = (7...9).map { id in
      ShownItem(token: "\(finding.calls[id - 1].label)-1", generation: 3, call: id)
    }
    finding.timeline = [
      .action(actions[0]), .action(actions[1]),
      .display(Display(items: [], newlyShown: [], isLoading: true, insideActionWork: true, text: "")),
      .action(actions[2]), .display(Display(items: [], newlyShown: [], error: error, insideActionWork: true, text: "")),
      .display(Display(items: [], newlyShown: [], error: error, isLoading: true, insideActionWork: true, text: "")),
      .display(Display(items: results, newlyShown: results, insideActionWork: true, text: "")),
    ]
    let relabelled = try #require(ScheduleDerivation.withoutCallsCancelledBeforeTheirAnswers(finding))
    #expect(
      relabelled.calls.map(\.label.description) == ["status2", "commits2", "pulls2", "status3", "commits3", "pulls3"])
    let checker = ScreenChecker(FixtureScreens.restartOnlyRepository, configuration: CheckConfiguration(actions: 3))
    var replays = FindingReplays()
    let schedule = try #require(
      try await checker.reproduction(of: finding, replays: &replays)?.schedule,
      "\(ScheduleDerivation.candidates(for: finding).map(\.description))")
    #expect(!schedule.description.contains("#2"), "\(schedule)")
    let replayed = try await checker.replay(schedule)
    #expect(replayed.verdict.outcome == .staleFlash, "\(replayed.transcript)")
  }

  /// What a gap is investigated from: its events with their times, in the
  /// order they were recorded, whatever record they come from.
  @Test func aFindingsEventsAreListedWithTheirTimesInTheOrderTheyWereRecorded() {
    let events = Self.gaps[4].finding.timedEvents
    #expect(
      events == [
        "+0.0 µs action q1", "+2954.0 µs action c2", "+2956.0 µs clock wake 1", "+7009.0 µs search1 starts",
        "+7494.0 µs search1 ends answered",
      ])
  }
}

extension StressGapTests {
  /// A stress trial's sleeps are numbered as systematic mode numbers them,
  /// so that its wakes replay as the right `d` steps: one whose task was
  /// held up past its deadline (0.3 ms of real time for 300 ms) before it
  /// was registered is still a sleep, woken at once.
  @Test func aSleepRegisteredAfterItsDeadlineIsStillNumbered() async throws {
    let clock = CheckerClock(pace: .scaled(speedup: 1_000))
    let deadline = clock.now.advanced(by: .milliseconds(300))
    let heldUntil = ContinuousClock.now + .milliseconds(2)
    while ContinuousClock.now < heldUntil {}
    try await clock.sleep(until: deadline)
    #expect(clock.wakeTimes.keys.sorted() == [1])
    // A deadline already past when it was computed is no sleep, as in systematic mode.
    try await clock.sleep(until: clock.now)
    #expect(clock.wakeTimes.keys.sorted() == [1])
  }
}

extension StressGapTests {
  /// A stress call whose task is cancelled after its answer arrived, but
  /// before the call ended (its thread taken away in between, on a loaded
  /// machine), is no longer in flight for its action: a correct screen's
  /// spinner going off then is not `spinner-off`. The answer closure runs
  /// in that window, so the test cancels the task there.
  @Test func aCallWhoseTaskIsCancelledAfterItsAnswerArrivedIsNoLongerInFlight() async throws {
    let switchboard = Switchboard(
      mode: .timed(latency: .zero, failureProbability: 0, seed: 1), cancellationStyle: .cancellationError,
      lateResponses: false, actions: ActionLog(), trialSerial: 0)
    let inFlight = try await switchboard.call(
      endpoint: "search", request: "q1", key: nil,
      answer: { _ -> [Set<Int>] in
        let before = switchboard.actionsInFlight
        withUnsafeCurrentTask { $0?.cancel() }
        return [before, switchboard.actionsInFlight]
      },
      failure: { _, _ in [] }, action: 1)
    #expect(inFlight == [[1], []])
  }
}

extension StressGapTests {
  /// What a call's start lets a test look at: the switchboard, once made.
  // Safety: `switchboard` is set before the call starts, then only read;
  // `seen` is read and written with `lock` held.
  final class SwitchboardBox: @unchecked Sendable {
    var switchboard: Switchboard?
    let lock = NSLock()
    var seen: [Set<Int>] = []
  }

  /// A stress call from a task cancelled before it called (a load the view
  /// replaced before its first job ran), or cancelled between its start and
  /// its wait, is never in flight for its action, however long its thread
  /// is kept between the two: the correct `.task(id:)` detail screen was
  /// once graded `spinner-off` that way.
  @Test(arguments: [true, false])
  func aCallFromACancelledTaskIsNeverInFlight(cancelledBeforeTheCall: Bool) async throws {
    let box = SwitchboardBox()
    box.switchboard = Switchboard(
      mode: .timed(latency: .zero, failureProbability: 0, seed: 1), cancellationStyle: .cancellationError,
      lateResponses: false, actions: ActionLog(), trialSerial: 0,
      beganCall: { [weak box] _ in
        guard let box else { return }
        if !cancelledBeforeTheCall { withUnsafeCurrentTask { $0?.cancel() } }
        let inFlight = box.switchboard?.actionsInFlight ?? [-1]
        box.lock.withLock { box.seen.append(inFlight) }
      })
    let call = Task {
      if cancelledBeforeTheCall { withUnsafeCurrentTask { $0?.cancel() } }
      return try await box.switchboard?.call(
        endpoint: "user", request: "q2", key: nil, answer: { _ in "answered" }, failure: { _, _ in "failed" },
        action: 2)
    }
    await #expect(throws: CancellationError.self) { try await call.value }
    #expect(box.lock.withLock { box.seen } == [[]])
  }
}

extension StressGapTests {
  /// The pull-to-refresh feed reloaded by `.task(id:)`, on a loaded
  /// machine: the first pull's load had its answer in hand (due at
  /// +5416.5 µs) when the second pull's render cancelled it, and its thread
  /// went on only after the third pull's load had answered (+9048.7 µs):
  /// the screen ended on the first pull's results. No ordering of answers
  /// and actions shows that; holding the answer's task does.
  @MainActor
  @Test func aTaskKeptFromRunningAfterItsAnswerArrivedReplaysWithItsAnswerHeld() async throws {
    let finding = Self.finding(
      .staleFinal, also: [.staleFlash, .lost],
      actions: [
        Self.action(1, .refresh, at: 0), Self.action(2, .refresh, at: 3_380), Self.action(3, .refresh, at: 5_593),
      ],
      calls: [
        Self.call(1, "feed", action: 0, from: -37, to: 273, due: 205),
        Self.call(2, "feed", action: 1, from: 5_346, to: 9_049, due: 5_416),
        Self.call(3, "feed", action: 2, from: 7_381, to: 7_394, cancelled: true),
        Self.call(4, "feed", action: 3, from: 7_951, to: 8_221, due: 8_090),
      ],
      reactions: [1: 3_219, 2: 5_579, 3: 6_844],
      // The view read feed0's results after the first and second pulls, and
      // feed1's after the third, in the same render as feed3's (never read).
      shown: [(1, 1), (2, 3)])
    let checker = ScreenChecker(FixtureScreens.reloadFeed, configuration: CheckConfiguration(actions: 3))
    var replays = FindingReplays()
    let found = try #require(
      try await checker.reproduction(of: finding, replays: &replays),
      "\(ScheduleDerivation.candidates(for: finding).map(\.description))")
    #expect(found.schedule.steps.contains(.holdAnswer(CallLabel(endpoint: "feed", action: 1), failing: false)))
    let replayed = try await checker.replay(found.schedule)
    #expect(!replayed.diverged, "\(replayed.transcript)")
    // Systematic mode reads the screen after every job: it saw feed3's
    // results before feed1's replaced them, which the trial's render did not.
    #expect(replayed.verdict.observed.isSuperset(of: [.staleFinal, .staleFlash]), "\(replayed.transcript)")
    #expect(!replayed.verdict.observed.contains(.lost), "\(replayed.transcript)")
    print("a task held after its answer arrived: \(found.schedule), replayed: \(replayed.verdict)")
  }

  /// `lost` is excused only beside `stale-final`, where a render can have
  /// coalesced the newest results away: a finding of `lost` alone is not
  /// reproduced by a replay that shows the newest results.
  @MainActor
  @Test func aLostFindingIsReproducedOnlyByAReplayThatLosesToo() async throws {
    let finding = Self.finding(
      .lost, actions: [Self.action(1, .refresh, at: 0), Self.action(2, .refresh, at: 1_000)],
      calls: [
        Self.call(1, "feed", action: 1, from: 100, to: 400, due: 400),
        Self.call(2, "feed", action: 2, from: 1_100, to: 1_400, due: 1_400),
      ],
      shown: [(1, 1)])
    let checker = ScreenChecker(FixtureScreens.correctFeed, configuration: CheckConfiguration(actions: 2))
    var replays = FindingReplays()
    let found = try await checker.reproduction(of: finding, replays: &replays)
    #expect(found == nil, "\(found.map { "\($0.schedule): \($0.verdict)" } ?? "")")
  }
}

/// A search whose every other build makes a second call per query (as a
/// screen whose behaviour hangs on something outside the checker's hands
/// might): no schedule taken from one run can be followed by the next.
@Observable @MainActor
final class AlternatingSearchModel {
  private(set) var results: [String] = []
  @ObservationIgnored private let search: @Sendable (String) async throws -> [String]
  @ObservationIgnored private let twice: Bool

  init(search: @escaping @Sendable (String) async throws -> [String], twice: Bool) {
    self.search = search
    self.twice = twice
  }

  func type(_ query: String) {
    Task {
      guard var found = try? await search(query) else { return }
      if twice, let more = try? await search("\(query) more") { found += more }
      results = found
    }
  }
}

/// Counts the builds of a screen, from any task.
final class BuildCounter {
  private let lock = NSLock()
  private var count = 0

  func next() -> Int {
    lock.withLock {
      count += 1
      return count
    }
  }
}

// Safety: `count` is read and written only while `lock` is held.
extension BuildCounter: @unchecked Sendable {}

extension StressGapTests {
  /// A replay looked up for a stress finding of a screen that does not
  /// behave the same from one run to the next is no replay, and the lookup
  /// goes on: the exact replay of a schedule the next run could not follow
  /// once threw, and the whole stress report was lost with it.
  @MainActor
  @Test func aScheduleTheNextRunCannotFollowIsNoReplayAndNoError() async throws {
    let builds = BuildCounter()
    let screen = ScreenDescription(
      "alternating-search", contract: .latestWins, actions: [.type { $0.type($1) }],
      make: { deps in
        AlternatingSearchModel(
          search: deps.endpoint("search") { _, answer in answer.tokens(1) }, twice: builds.next() % 2 == 0)
      },
      snapshot: { ScreenSnapshot(results: $0.results) })
    let checker = ScreenChecker(screen, configuration: CheckConfiguration(actions: 2))
    let schedule = try ScreenSchedule(parsing: "q1,q2,search2,search1")
    // Odd builds make one call a query and follow the schedule; even ones cannot, and a replay throws there.
    let followed = try await checker.exactVerdict(of: schedule)
    await #expect(throws: ScreenDescriptionError.self) { try await checker.replay(schedule) }
    #expect(try await checker.exactVerdict(of: schedule) == followed)
    let notFollowed = try await checker.exactVerdict(of: schedule)
    #expect(followed?.observed.contains(.staleFinal) == true, "\(String(describing: followed))")
    #expect(notFollowed == nil, "\(String(describing: notFollowed))")
  }
}

extension StressGapTests {
  /// Every finding whose replay the table shows was looked up, and the
  /// counts say so: an example kept for its outcome outside the findings
  /// looked up (here, all but the first) is counted beside them, so a
  /// "(no schedule reproduced it)" line is never beside "N of N". Which
  /// outcomes a stress run meets depends on the machine (under
  /// ThreadSanitizer only stale-flash, in 102 of 400 trials); that it keeps
  /// more than one forbidden example of this screen does not.
  @MainActor
  @Test func everyExampleTheTableReplaysIsCountedAmongTheFindingsLookedUp() async throws {
    let checker = ScreenChecker(
      CausalErrorTests.screen(cancelsOlder: false), configuration: CheckConfiguration(actions: 3))
    let report = try await checker.runStress(StressOptions(trials: 400, seed: 5, findingsLookedUp: 1))
    let forbidden = report.outcomes.filter { report.grade($0) == .forbidden && report.count($0) > 0 }
    let kept = forbidden.reduce(0) { $0 + (report.examples[$1]?.count ?? 0) }
    #expect(kept > 1, "\(report.table)")
    #expect(report.stressFindings >= kept, "\(report.table)")
    let unreplayed = forbidden.filter { report.examples[$0]?.first?.schedule == nil }
    #expect(unreplayed.isEmpty || report.stressFindingsWithoutReplay > 0, "\(report.table)")
  }
}
