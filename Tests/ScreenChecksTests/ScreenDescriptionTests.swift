import CheckerFixtures
import Dispatch
import Observation
import Testing

@testable import ScreenChecks

/// A description the checker cannot check gets one line saying why, never a
/// hang, a crash or a table that means nothing.
@Suite struct ScreenDescriptionTests {
  @MainActor
  func refusal<Model>(_ screen: ScreenDescription<Model>) async -> ScreenDescriptionError? {
    do {
      _ = try await ScreenChecker(screen, configuration: CheckConfiguration(actions: 2)).runSystematic()
      return nil
    } catch {
      return error
    }
  }

  @MainActor
  @Test func aScreenThatNeverCallsItsEndpointIsRefused() async {
    let screen = ScreenDescription("silent", actions: [.load { $0.load() }]) { _ in
      SilentModel()
    } snapshot: {
      _ in
      ScreenSnapshot()
    }
    let error = await refusal(screen)
    #expect(error == .neverCalledEndpoint(screen: "silent", action: "t1"))
    #expect(
      error?.description
        == "silent: after t1 the screen never called an endpoint from deps.endpoint(…); "
        + "hand the screen the checker's endpoints in place of its own client or a stub"
    )
  }

  @MainActor
  @Test func aScreenShowingAStubsResultsIsToldItNeverCalledTheCheckersEndpoint() async {
    // The model was handed a stub, not deps.endpoint(…): it shows "p0".
    let screen = ScreenDescription("stubbed", actions: [.type { $0.query = $1 }]) { _ in
      DecoratingSearchModel(search: { _ in ["p0"] })
    } snapshot: {
      ScreenSnapshot(results: $0.results)
    }
    let error = await refusal(screen)
    #expect(error == .neverCalledEndpoint(screen: "stubbed", action: "q1 \"q1\""), "\(String(describing: error))")
  }

  @MainActor
  @Test func anActionThatNeverReturnsIsRefused() async {
    let gate = TestGate()
    defer { gate.open() }
    let screen = ScreenDescription(
      "stuck", actions: [.refresh { await $0.refresh() }], make: { _ in StuckRefreshModel(gate: gate) },
      snapshot: { ScreenSnapshot(isLoading: $0.refreshing) })
    let error = await refusal(screen)
    #expect(error == .actionNeverReturned(screen: "stuck", action: "r1"))
    #expect(error?.description.hasPrefix("stuck: the action r1 never returned") == true)
  }

  @MainActor
  @Test func aSnapshotThatCannotSayWhichRequestItsResultsBelongToIsRefused() async {
    let screen = ScreenDescription("untraceable", actions: [.type { $0.query = $1 }]) { deps in
      DecoratingSearchModel(search: deps.endpoint("search", key: { _ in "q1" }) { (_: String, _) in ["Swift"] })
    } snapshot: {
      ScreenSnapshot(results: $0.results)
    }
    let error = await refusal(screen)
    #expect(error == .unattributableResult(screen: "untraceable", result: "Swift"))
  }

  @MainActor
  @Test func anEndpointCalledWithARequestTheCheckerNeverIssuedIsRefused() async {
    let screen = ScreenDescription("decorating", actions: [.type { $0.query = $1 }]) { deps in
      DecoratingSearchModel(
        // Reversed: no longer the text typed, even trimmed and lower-cased.
        search: deps.endpoint("search", key: { String($0.reversed()) }) { (_: String, answer) in answer.tokens(1) })
    } snapshot: {
      ScreenSnapshot(results: $0.results)
    }
    let error = await refusal(screen)
    #expect(error == .unissuedRequest(screen: "decorating", endpoint: "search", key: "1q tfiws:gnal"))
    #expect(
      error?.description
        == "decorating: the endpoint \"search\" was called with \"1q tfiws:gnal\", which no action typed")
  }

  /// One action may call an endpoint several times: a main call and its
  /// follow-ups, whose keys carry the text typed as a word of their own.
  @MainActor
  @Test func followUpCallsWhoseKeysCarryTheTypedTextBelongToTheirAction() async throws {
    let screen = ScreenDescription("related", actions: [.type { $0.query = $1 }, .clear { $0.query = "" }]) { deps in
      FollowUpSearchModel(search: deps.endpoint("search") { _, answer in answer.tokens(1) })
    } snapshot: {
      ScreenSnapshot(results: $0.results)
    }
    let checker = ScreenChecker(screen, configuration: CheckConfiguration(actions: 2))
    let report = try await checker.runSystematic(SystematicOptions(injectFailures: false))
    #expect(report.violations == 0, "\(report.table)")
    let replayed = try await checker.replay(ScreenSchedule(parsing: "q1,search1,search1#2,q2,search2,search2#2"))
    #expect(replayed.calls.map(\.request) == ["q1", "q1#relationships", "q2", "q2#relationships"])
    #expect(replayed.verdict.outcome == .latestOnly, "\(replayed.transcript)")
    // The decorated text still names its action, and only a whole word does: q1 is not in q12.
    let log = ActionLog()
    log.append(.type, value: "q1")
    #expect(log.action(issuing: "lang:swift q1") == 1)
    #expect(log.action(issuing: "q12") == nil)
  }

  @MainActor
  @Test(arguments: ["Search", "t", "search2"])
  func anEndpointNameThatCannotAppearInASchedule(_ name: String) async {
    let screen = ScreenDescription("named", actions: [.type { $0.query = $1 }]) { deps in
      DecoratingSearchModel(search: deps.endpoint(name) { _, answer in answer.tokens(1) })
    } snapshot: {
      ScreenSnapshot(results: $0.results)
    }
    #expect(await refusal(screen) == .invalidEndpointName(screen: "named", name: name))
  }

  @MainActor
  @Test func aScreenNameThatIsNotKebabCase() async {
    let screen = ScreenDescription("My Screen", actions: [.load { $0.load() }]) { _ in
      SilentModel()
    } snapshot: {
      _ in
      ScreenSnapshot()
    }
    #expect(await refusal(screen) == .invalidName("My Screen"))
  }

  @MainActor
  @Test func aScreenWithNothingThatLoads() async {
    let screen = ScreenDescription("pager", actions: [.nextPage { $0.load() }]) { _ in
      SilentModel()
    } snapshot: {
      _ in
      ScreenSnapshot()
    }
    #expect(await refusal(screen) == .noLoadingAction(screen: "pager"))
  }

  // MARK: - Bounded, whatever the screen does

  @MainActor
  @Test(arguments: [true, false])
  func aTaskThatYieldsForeverStopsTheCheckWithItsCause(stopsWhenCancelled: Bool) async {
    let screen = ScreenDescription("spinning", actions: [.load { $0.load() }]) { deps in
      SpinningModel(stopsWhenCancelled: stopsWhenCancelled, search: deps.endpoint("feed") { $0.tokens(1) })
    } snapshot: {
      ScreenSnapshot(results: $0.results)
    }
    let error = await refusal(screen)
    let cause = try? #require(error.flatMap { if case .neverSettles(_, _, let cause) = $0 { cause } else { nil } })
    #expect(
      error?.description.hasPrefix(
        "spinning: after t1 the screen never settled: a task of the screen never stopped running") == true,
      "\(String(describing: error))")
    #expect(cause?.contains("Task.yield()") == true)
    // It returned: the settle's own bound stopped it, not a test timeout.
  }

  /// An answer closure that waits on something that never comes stops
  /// the check with one line, within the configuration's bound.
  @MainActor
  @Test func anAnswerClosureThatBlocksStopsTheCheckWithOneLine() async {
    let never = DispatchSemaphore(value: 0)
    defer { never.signal() }  // Lets the blocked thread go once the check has given up on it.
    let screen = ScreenDescription("blocking", actions: [.type { $0.query = $1 }]) { deps in
      DecoratingSearchModel(
        search: deps.endpoint("search", key: { $0 }) { (_: String, answer) -> [String] in
          never.wait()
          return answer.tokens(1)
        })
    } snapshot: {
      ScreenSnapshot(results: $0.results)
    }
    let checker = ScreenChecker(
      screen, configuration: CheckConfiguration(actions: 2, quiescenceTimeout: .milliseconds(300)))
    await #expect(
      throws: ScreenDescriptionError.answerNeverReturned(
        screen: "blocking", endpoint: "search", bound: .milliseconds(300))
    ) {
      _ = try await checker.runSystematic()
    }
    #expect(
      ScreenDescriptionError.answerNeverReturned(screen: "blocking", endpoint: "search", bound: .milliseconds(300))
        .description
        == "blocking: the answer closure of endpoint \"search\" did not return within 0.3 seconds; build the answer "
        + "from the request and answer.tokens(_:) alone, without waiting on anything")
  }

  /// A client awaiting a continuation nobody resumes is told so, not to
  /// hand the screen the checker's endpoints, which it was.
  @MainActor
  @Test func aClientAwaitingAContinuationNobodyResumesIsToldSo() async {
    let screen = ScreenDescription("stalled", actions: [.type { $0.query = $1 }]) { deps in
      StalledSearchModel(search: deps.endpoint("search") { _, answer in answer.tokens(1) })
    } snapshot: {
      ScreenSnapshot(results: $0.results)
    }
    let checker = ScreenChecker(
      screen, configuration: CheckConfiguration(actions: 2, quiescenceTimeout: .milliseconds(300)))
    await #expect(
      throws: ScreenDescriptionError.waitsOnNothingTheCheckerAnswers(screen: "stalled", action: "q1 \"q1\"")
    ) {
      _ = try await checker.runSystematic()
    }
    StalledSearchModel.resumeAll()
    #expect(
      ScreenDescriptionError.waitsOnNothingTheCheckerAnswers(screen: "stalled", action: "q1").description
        == "stalled: after q1 the screen's work never called an endpoint from deps.endpoint(…) and is still "
        + "waiting, on something nobody completes (a continuation never resumed, a stream never fed); make its "
        + "calls through the checker's endpoints, and resume every continuation")
  }

  @MainActor
  @Test func aScreenThatKeepsStartingWorkStopsTheCheckWithItsCause() async {
    let screen = ScreenDescription("restless", actions: [.load { $0.load() }]) { deps in
      RestlessModel(search: deps.endpoint("feed") { $0.tokens(1) })
    } snapshot: {
      ScreenSnapshot(results: $0.results)
    }
    let error = await refusal(screen)
    #expect(
      error?.description.hasPrefix("restless: after t1 the screen never settled: the screen kept starting new work")
        == true, "\(String(describing: error))")
  }

  @MainActor
  @Test(arguments: [1, 0, 6, -3])
  func anActionCountOutsideTheRangeIsRefusedNotChanged(count: Int) async {
    let screen = ScreenDescription("feed", actions: [.refresh { _ in }]) { _ in
      SilentModel()
    } snapshot: { _ in
      ScreenSnapshot()
    }
    var configuration = CheckConfiguration(actions: count)
    #expect(configuration.actions == count)
    configuration.actions = count
    do {
      _ = try await ScreenChecker(screen, configuration: configuration).runSystematic()
      Issue.record("\(count) actions were accepted")
    } catch {
      #expect(error == .actionCountOutOfRange(screen: "feed", count: count))
      #expect(error.description == "feed: \(count) actions per trial is outside 2...5; pass actions: from that range")
    }
  }

  @MainActor
  @Test func twoActionsOfOneKindAreRefused() async {
    let screen = ScreenDescription(
      "twice", actions: [.type { $0.query = $1 }, .type { $0.query = $1 + "!" }]
    ) { deps in
      DecoratingSearchModel(search: deps.endpoint("search") { _, answer in answer.tokens(1) })
    } snapshot: {
      ScreenSnapshot(results: $0.results)
    }
    let error = await refusal(screen)
    #expect(error == .duplicateAction(screen: "twice", kind: "type"))
    #expect(
      error?.description
        == "twice: the description has two type actions, and the checker takes only the first of a kind; describe each kind once"
    )
  }
}

/// A search that loads a query's results, then their related items, with
/// the same endpoint: `q1`, then `q1#relationships`.
@Observable @MainActor
private final class FollowUpSearchModel {
  var query = "" {
    didSet {
      task?.cancel()
      let query = self.query
      guard !query.isEmpty else {
        results = []
        return
      }
      task = Task { [search] in
        guard let found = try? await search(query), let related = try? await search(query + "#relationships"),
          !Task.isCancelled
        else { return }
        results = found + related
      }
    }
  }
  private(set) var results: [String] = []
  @ObservationIgnored private let search: @Sendable (String) async throws -> [String]
  @ObservationIgnored private var task: Task<Void, Never>?

  init(search: @escaping @Sendable (String) async throws -> [String]) { self.search = search }
}

/// A search whose client waits, before calling, on a continuation that
/// nothing resumes until the test lets it go: then it stops without calling,
/// for its trial is over and nothing would answer the call.
@Observable @MainActor
private final class StalledSearchModel {
  var query = "" {
    didSet {
      let query = self.query
      Task { [search] in
        let goOn = await withCheckedContinuation { Self.waiting.append($0) }
        guard goOn else { return }
        results = (try? await search(query)) ?? []
      }
    }
  }
  private(set) var results: [String] = []
  @ObservationIgnored private let search: @Sendable (String) async throws -> [String]

  init(search: @escaping @Sendable (String) async throws -> [String]) { self.search = search }

  private static var waiting: [CheckedContinuation<Bool, Never>] = []

  /// Lets every stalled client go, once the check has given up on them.
  static func resumeAll() {
    for continuation in waiting { continuation.resume(returning: false) }
    waiting = []
  }
}

/// The letters a schedule string gives its steps are reserved from one
/// list: every action's token and every step's letter, so that an action
/// kind added later reserves its token without another list to keep.
@Suite struct ReservedLetterTests {
  @Test func everyActionsTokenAndEveryStepsLetterIsReserved() {
    for kind in ActionKind.allCases {
      #expect(!ScreenNames.isEndpointName(String(kind.token)), "\(kind)")
    }
    for letter in ScheduleStep.stepLetters {
      #expect(!ScreenNames.isEndpointName(String(letter)), "\(letter)")
    }
    #expect(ScreenNames.isEndpointName("feed") && ScreenNames.isEndpointName("u"))
    let message = ScreenDescriptionError.invalidEndpointName(screen: "s", name: "t").description
    #expect(message.hasSuffix("not one of t, r, q, c, n, a, h, s, d, v, j"), "\(message)")
  }
}
