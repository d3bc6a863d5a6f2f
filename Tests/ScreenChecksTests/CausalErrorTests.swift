import Observation
import ScreenChecks
import Testing

/// An inbox pulled to refresh whose errors are fixed texts: "Couldn't
/// refresh the inbox." and "Couldn't load more messages." name no call, so
/// only what made the change can say whose failure they show. The pull
/// awaits a stored refresh task and cancels the one before it, as
/// `.refreshable` closures do; `cancelsOlder: false` is the flawed twin,
/// which lets an older pull's messages replace a newer one's.
@Observable @MainActor
final class FixedMessageInboxModel {
  private(set) var messages: [String] = []
  private(set) var isLoading = false
  private(set) var errorMessage: String?
  @ObservationIgnored private var refreshTask: Task<Void, Never>?
  @ObservationIgnored private let fetch: @Sendable (Int) async throws -> [String]
  @ObservationIgnored private let cancelsOlder: Bool
  @ObservationIgnored private let dropsPagesAtPull: Bool
  @ObservationIgnored private var nextPage = 2
  @ObservationIgnored private var isLoadingMore = false
  /// Bumped by every pull and by every new list: a page asked for before
  /// either is dropped, so no page of an older list lands after a newer
  /// pull started or on a newer list.
  @ObservationIgnored private var epoch = 0

  init(fetch: @escaping @Sendable (Int) async throws -> [String], cancelsOlder: Bool, dropsPagesAtPull: Bool = true) {
    self.fetch = fetch
    self.cancelsOlder = cancelsOlder
    self.dropsPagesAtPull = dropsPagesAtPull
  }

  /// `.refreshable { await model.refresh() }`.
  func refresh() async {
    if cancelsOlder { refreshTask?.cancel() }
    if dropsPagesAtPull { epoch += 1 }
    let task = Task { await self.loadFirstPage() }
    refreshTask = task
    await task.value
  }

  private func loadFirstPage() async {
    isLoading = true
    do {
      let page = try await fetch(1)
      guard !Task.isCancelled else { return }
      messages = page
      epoch += 1
      nextPage = 2
      errorMessage = nil
    } catch {
      guard !Task.isCancelled else { return }
      errorMessage = "Couldn't refresh the inbox."
    }
    isLoading = false
  }

  /// The list's last row appearing, as `.onAppear { Task { … } }` starts it.
  func startLoadingMore() {
    Task { await loadMore() }
  }

  /// The list's last row appearing.
  func loadMore() async {
    guard !isLoadingMore else { return }
    isLoadingMore = true
    defer { isLoadingMore = false }
    let page = nextPage
    let asked = epoch
    do {
      let more = try await fetch(page)
      guard asked == epoch else { return }
      messages += more
      nextPage = page + 1
    } catch {
      guard !Task.isCancelled, asked == epoch else { return }
      errorMessage = "Couldn't load more messages."
    }
  }
}

/// Errors are attributed by what made the change, not by their text: a
/// fixed message is as good as one that names its call.
@Suite struct CausalErrorTests {
  /// - Parameter keepsPages: pages start in a task of their own, and one
  ///   asked for before a pull is dropped only when a newer list comes.
  static func screen(cancelsOlder: Bool, keepsPages: Bool = false) -> ScreenDescription<FixedMessageInboxModel> {
    ScreenDescription(
      cancelsOlder ? "fixed-message-inbox" : "fixed-message-inbox-uncancelled",
      contract: .latestWins + .refresh + .paging,
      actions: [
        .refresh { await $0.refresh() },
        keepsPages
          ? .nextPage { $0.startLoadingMore() }.when { !$0.messages.isEmpty }
          : .nextPage { await $0.loadMore() }.when { !$0.messages.isEmpty },
      ],
      make: { deps in
        FixedMessageInboxModel(
          fetch: deps.endpoint("inbox") { (_: Int, answer) in answer.tokens(2) },
          cancelsOlder: cancelsOlder, dropsPagesAtPull: !keepsPages)
      },
      snapshot: { ScreenSnapshot(results: $0.messages, isLoading: $0.isLoading, error: $0.errorMessage) })
  }

  /// The older pull's genuine failure, shown after the newer pull was made
  /// but before its closure started (when no code of the screen could know
  /// of it), is the older pull's error, not a cancellation shown as one: it
  /// was graded spurious-error when a fixed message fell to the newest action.
  @MainActor
  @Test(arguments: ["r1,r2,inbox1f,v2,inbox2", "r1,inbox1f,r2~1,inbox2"])
  func anOlderPullsGenuineFailureShownBeforeTheNewerPullStartedIsNotBlamed(replay: String) async throws {
    let checker = ScreenChecker(Self.screen(cancelsOlder: true), configuration: CheckConfiguration(actions: 2))
    let trial = try await checker.replay(try ScreenSchedule(parsing: replay))
    #expect(trial.verdict.outcome == .latestOnly, "\(trial.transcript)")
  }

  /// A next page continues the list on screen when its closure starts:
  /// one asked for before a pull started, whose pull then failed, extends
  /// the list the failure kept (it was graded stale-flash); one whose
  /// closure started after a newer pull's list came extends that list (it
  /// was graded foreign-page, its generation taken when it was made).
  @MainActor
  @Test(arguments: ["r1,r2,inbox1,n3,v2,inbox2f,inbox3", "r1,r2,inbox1,v2,n3,inbox2,v3,inbox3"])
  func aNextPageContinuesTheListOnScreenWhenItsClosureStarts(replay: String) async throws {
    let checker = ScreenChecker(Self.screen(cancelsOlder: true), configuration: CheckConfiguration(actions: 3))
    let trial = try await checker.replay(try ScreenSchedule(parsing: replay))
    #expect(trial.verdict.outcome == .latestOnly, "\(trial.transcript)")
  }

  /// A page asked for before a pull started, seen as it was made: once
  /// the pull failed and kept the older list, that list is current again
  /// and the page extends it (graded stale-flash before); shown while the
  /// pull still ran, it is stale, as it always was.
  @MainActor
  @Test func aPageOfTheListAFailedPullKeptIsAskedFor() async throws {
    let checker = ScreenChecker(
      Self.screen(cancelsOlder: true, keepsPages: true), configuration: CheckConfiguration(actions: 3))
    let afterTheFailure = try await checker.replay(try ScreenSchedule(parsing: "r1,r2,inbox1,n3,v2,inbox2f,inbox3"))
    #expect(afterTheFailure.verdict.outcome == .latestOnly, "\(afterTheFailure.transcript)")
    let whileItRan = try await checker.replay(try ScreenSchedule(parsing: "r1,r2,inbox1,n3,v2,inbox3,inbox2f"))
    #expect(whileItRan.verdict.observed.contains(.staleFlash), "\(whileItRan.transcript)")
  }

  /// The correct inbox is clean in every ordering of two and of three
  /// actions, page loads and failures included, in both cancellation styles.
  @MainActor
  @Test(arguments: [CancellationStyle.cancellationError, .urlSession], [2, 3])
  func theCorrectInboxIsCleanInEveryOrdering(style: CancellationStyle, actions: Int) async throws {
    let checker = ScreenChecker(
      Self.screen(cancelsOlder: true), configuration: CheckConfiguration(actions: actions, cancellationStyle: style))
    let report = try await checker.runSystematic()
    #expect(report.violations == 0, "\(report.table)")
  }

  /// Its twin, which never cancels the older pull, is still caught: the
  /// older pull's messages replace the newer one's.
  @MainActor
  @Test func theTwinThatKeepsTheOlderPullIsCaught() async throws {
    let checker = ScreenChecker(Self.screen(cancelsOlder: false), configuration: CheckConfiguration(actions: 2))
    let report = try await checker.runSystematic()
    #expect(report.violations > 0, "\(report.table)")
    let trial = try await checker.replay(try ScreenSchedule(parsing: "r1,r2,inbox2,inbox1"))
    #expect(Self.screen(cancelsOlder: false).contract.grade(trial.verdict.outcome) == .forbidden, "\(trial.transcript)")
  }
}
