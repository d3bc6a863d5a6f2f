import Foundation
import Observation
import Testing

@testable import ScreenChecks

/// The user's own texts, a text rule the screen applies (a minimum length,
/// trimming, case), "Try again", and a next page after a refresh that failed
/// and kept the old list.
@Suite struct UserTextsAndRetryTests {
  /// A search that looks only for texts of `minimum` characters or more,
  /// trimmed and lower-cased; a shorter one clears the list, and the spinner
  /// unless `leavesSpinnerOn`.
  @Observable @MainActor
  final class RuleSearchModel {
    var query = "" {
      didSet { queryChanged() }
    }
    private(set) var results: [String] = []
    private(set) var isSearching = false
    private(set) var errorMessage: String?
    @ObservationIgnored private let search: @Sendable (String) async throws -> [String]
    @ObservationIgnored private let minimum: Int
    @ObservationIgnored private let leavesSpinnerOn: Bool
    @ObservationIgnored private var task: Task<Void, Never>?

    init(search: @escaping @Sendable (String) async throws -> [String], minimum: Int, leavesSpinnerOn: Bool) {
      self.search = search
      self.minimum = minimum
      self.leavesSpinnerOn = leavesSpinnerOn
    }

    private func queryChanged() {
      task?.cancel()
      errorMessage = nil
      let text = query.trimmingCharacters(in: .whitespaces).lowercased()
      guard text.count >= minimum else {
        results = []
        if !leavesSpinnerOn { isSearching = false }
        return
      }
      isSearching = true
      task = Task {
        do {
          let found = try await search(text)
          guard !Task.isCancelled else { return }
          results = found
        } catch {
          guard !Task.isCancelled else { return }
          errorMessage = "Search failed."
        }
        isSearching = false
      }
    }
  }

  static func search(
    _ name: String, texts: [String] = ["swift", "sw", " SwiftUI "], minimum: Int = 3, leavesSpinnerOn: Bool = false
  ) -> ScreenDescription<RuleSearchModel> {
    ScreenDescription(
      name, contract: .latestWins + .loadingState,
      actions: [.type(texts: texts, ignoring: { $0.trimmingCharacters(in: .whitespaces).count < 3 }) { $0.query = $1 }]
    ) { deps in
      RuleSearchModel(
        search: deps.endpoint("search") { _, answer in answer.tokens(2) }, minimum: minimum,
        leavesSpinnerOn: leavesSpinnerOn)
    } snapshot: {
      ScreenSnapshot(results: $0.results, isLoading: $0.isSearching, error: $0.errorMessage)
    }
  }

  @MainActor
  @Test func theUsersTextsAreTypedInOrderAndTheirTrimmedLowerCasedRequestsAreToldApart() async throws {
    let checker = ScreenChecker(Self.search("rule-search"), configuration: CheckConfiguration(actions: 3))
    let trial = try await checker.replay(ScreenSchedule(parsing: "q1,search1,q2,q3,search3"))
    #expect(trial.actions.map(\.value) == ["swift", "sw", " SwiftUI "])
    #expect(trial.actions.map(\.isIgnored) == [false, true, false])
    // The third call carried "swiftui", and is still action 3's.
    #expect(trial.calls.map(\.label.description) == ["search1", "search3"])
    #expect(trial.verdict.observed == [.latestOnly], "\(trial.transcript)")
    let report = try await checker.runSystematic()
    #expect(report.trials > 0 && report.violations == 0, "\(report.table)")
  }

  @MainActor
  @Test func aTextTheScreenIgnoresIsGradedAsAClear() async throws {
    // The spinner left on by the short text is stuck.
    let flawed = ScreenChecker(
      Self.search("spinner-left-on", leavesSpinnerOn: true), configuration: CheckConfiguration(actions: 2))
    let stuck = try await flawed.replay(ScreenSchedule(parsing: "q1,q2"))
    #expect(stuck.verdict.observed.contains(.spinnerStuck), "\(stuck.transcript)")
    let report = try await flawed.runSystematic()
    #expect(report.count(.spinnerStuck) > 0, "\(report.table)")
    // A screen that searches the text it is described to ignore ends on
    // results, where the description says it shows none.
    let searchesShort = ScreenChecker(
      Self.search("searches-short", minimum: 2), configuration: CheckConfiguration(actions: 2))
    let shown = try await searchesShort.replay(ScreenSchedule(parsing: "q1,search1,q2,search2"))
    #expect(shown.verdict.observed.contains(.staleFinal), "\(shown.transcript)")
  }

  @MainActor
  @Test func tooFewTextsAreRefusedInOneLine() async {
    let checker = ScreenChecker(
      Self.search("few-texts", texts: ["swift", "sw"]), configuration: CheckConfiguration(actions: 3))
    await #expect(throws: ScreenDescriptionError.tooFewTexts(screen: "few-texts", texts: 2, actions: 3)) {
      try await checker.checkDescription()
    }
    let message = ScreenDescriptionError.tooFewTexts(screen: "few-texts", texts: 2, actions: 3).description
    #expect(
      message == "few-texts: the type action gives 2 texts, and a trial of 3 actions may type 3 times; give at least 3")
  }

  @MainActor
  @Test(arguments: [
    (["swift", " Swift", "rust"], "swift", " Swift"),
    (["swift", "kotlin", "swift ui"], "swift", "swift ui"),
    (["go", "rust", "GO"], "go", "GO"),
  ])
  func textsTheCheckerCannotTellApartAreRefusedInOneLine(texts: [String], first: String, second: String) async {
    let checker = ScreenChecker(
      Self.search("same-texts", texts: texts), configuration: CheckConfiguration(actions: 3))
    let expected = ScreenDescriptionError.indistinguishableTexts(screen: "same-texts", first: first, second: second)
    await #expect(throws: expected) { try await checker.checkDescription() }
    #expect(!expected.description.contains("\n") && expected.description.contains("cannot be told apart"))
  }

  // MARK: - Try again

  /// A detail screen whose "Try again", shown only with an error, repeats
  /// the selected id's request.
  @Observable @MainActor
  final class RetryDetailModel {
    private(set) var id = ""
    private(set) var name: String?
    private(set) var errorMessage: String?
    @ObservationIgnored private let load: @Sendable (String) async throws -> String
    @ObservationIgnored private var task: Task<Void, Never>?

    init(load: @escaping @Sendable (String) async throws -> String) { self.load = load }

    func select(_ id: String) {
      self.id = id
      reload()
    }

    func reload() {
      task?.cancel()
      errorMessage = nil
      let id = self.id
      task = Task {
        do {
          let name = try await load(id)
          guard !Task.isCancelled else { return }
          self.name = name
        } catch {
          guard !Task.isCancelled else { return }
          errorMessage = "Couldn't load."
        }
      }
    }
  }

  static let retryDetail = ScreenDescription(
    "retry-detail", actions: [.type { $0.select($1) }, .retry { $0.reload() }.when { $0.errorMessage != nil }]
  ) { deps in
    RetryDetailModel(load: deps.endpoint("user") { _, answer in answer.token(1) })
  } snapshot: {
    ScreenSnapshot(results: $0.name.map { [$0] } ?? [], error: $0.errorMessage)
  }

  @MainActor
  @Test func aRetrysCallsAreItsOwnAndItsAnswerWins() async throws {
    let checker = ScreenChecker(Self.retryDetail, configuration: CheckConfiguration(actions: 2))
    let trial = try await checker.replay(ScreenSchedule(parsing: "q1,user1f,a2,user2"))
    // The retry repeats "q1", and its call is its own: user2, not user1#2.
    #expect(trial.actions.map(\.description) == [#"q1 "q1""#, #"a2 "q1""#])
    #expect(trial.calls.map(\.label.description) == ["user1", "user2"])
    #expect(trial.verdict.observed == [.latestOnly], "\(trial.transcript)")
    let report = try await checker.runSystematic()
    #expect(report.trials > 0 && report.violations == 0, "\(report.table)")
  }

  @MainActor
  @Test func aRetryIsNeverFirstAndIsTakenOnlyWhereTheScreenOffersIt() async throws {
    #expect(Self.retryDetail.checked.allowedActions(after: []) == [.type])
    let checker = ScreenChecker(Self.retryDetail, configuration: CheckConfiguration(actions: 2))
    let error = await #expect(throws: ScreenDescriptionError.self) {
      try await checker.replay(ScreenSchedule(parsing: "q1,user1,a2"))
    }
    #expect(
      error?.description
        == "retry-detail: the replay q1,user1,a2 takes a2 where the screen did not offer it (its when: was false, "
        + "or nothing was loaded to continue or retry); the choices were q2")
    let onlyRetry = ScreenDescription("only-retry", actions: [.retry { $0.reload() }]) { deps in
      RetryDetailModel(load: deps.endpoint("user") { _, answer in answer.token(1) })
    } snapshot: {
      ScreenSnapshot(results: $0.name.map { [$0] } ?? [])
    }
    await #expect(throws: ScreenDescriptionError.noLoadingAction(screen: "only-retry")) {
      try await ScreenChecker(onlyRetry).checkDescription()
    }
  }

  // MARK: - A next page after a failed refresh

  /// A feed whose failed refresh keeps the old list, which the user can
  /// still scroll; a refresh cancels the page load when it starts and when
  /// its list replaces the old one, unless `appendsAfterRefresh`: then a
  /// page asked for of the old list is appended to the refreshed one.
  @Observable @MainActor
  final class KeptListFeedModel {
    private(set) var posts: [String] = []
    private(set) var errorMessage: String?
    private(set) var isLoadingMore = false
    @ObservationIgnored private let page: @Sendable (Int) async throws -> [String]
    @ObservationIgnored private let appendsAfterRefresh: Bool
    @ObservationIgnored private var refreshing: Task<Void, Never>?
    @ObservationIgnored private var paging: Task<Void, Never>?
    @ObservationIgnored private var next = 1

    init(page: @escaping @Sendable (Int) async throws -> [String], appendsAfterRefresh: Bool) {
      self.page = page
      self.appendsAfterRefresh = appendsAfterRefresh
    }

    func refresh() {
      refreshing?.cancel()
      if !appendsAfterRefresh { stopPaging() }
      errorMessage = nil
      refreshing = Task {
        do {
          let first = try await page(1)
          guard !Task.isCancelled else { return }
          if !appendsAfterRefresh { stopPaging() }
          posts = first
          next = 2
          errorMessage = nil
        } catch {
          guard !Task.isCancelled else { return }
          errorMessage = "Couldn't refresh."
        }
      }
    }

    func loadMore() {
      let number = next
      isLoadingMore = true
      paging = Task {
        do {
          let more = try await page(number)
          guard !Task.isCancelled else { return }
          posts += more
          next = number + 1
        } catch {
          guard !Task.isCancelled else { return }
          errorMessage = "Couldn't load more."
        }
        isLoadingMore = false
        paging = nil
      }
    }

    private func stopPaging() {
      paging?.cancel()
      paging = nil
      isLoadingMore = false
    }
  }

  static func keptListFeed(_ name: String, appendsAfterRefresh: Bool) -> ScreenDescription<KeptListFeedModel> {
    ScreenDescription(
      name, contract: .latestWins + .paging,
      actions: [.refresh { $0.refresh() }, .nextPage { $0.loadMore() }.when { !$0.posts.isEmpty && !$0.isLoadingMore }]
    ) { deps in
      KeptListFeedModel(
        page: deps.endpoint("feed") { (_: Int, answer) in answer.tokens(2) }, appendsAfterRefresh: appendsAfterRefresh)
    } snapshot: {
      ScreenSnapshot(results: $0.posts, error: $0.errorMessage)
    }
  }

  @MainActor
  @Test func aNextPageAfterAFailedRefreshContinuesTheListOnScreen() async throws {
    let checker = ScreenChecker(
      Self.keptListFeed("kept-list-feed", appendsAfterRefresh: false), configuration: CheckConfiguration(actions: 3)
    )
    // The refresh fails and keeps the list; the page the user then asks for is the old list's.
    let kept = try await checker.replay(ScreenSchedule(parsing: "r1,feed1,r2,feed2f,n3,feed3"))
    #expect(kept.actions.map(\.generation) == [1, 2, 1])
    #expect(kept.verdict.observed == [.latestOnly], "\(kept.transcript)")
    // Asked for while the refresh ran, and answered before it: the refresh's list replaces it.
    let replaced = try await checker.replay(ScreenSchedule(parsing: "r1,feed1,r2,n3,feed3,feed2"))
    #expect(replaced.verdict.observed == [.latestOnly], "\(replaced.transcript)")
    let report = try await checker.runSystematic()
    #expect(report.trials > 0 && report.violations == 0, "\(report.table)")
    // The old list's page appended to the refreshed list is a foreign page.
    let appending = ScreenChecker(
      Self.keptListFeed("appending-feed", appendsAfterRefresh: true), configuration: CheckConfiguration(actions: 3))
    let foreign = try await appending.replay(ScreenSchedule(parsing: "r1,feed1,r2,n3,feed2,feed3"))
    #expect(foreign.verdict.observed.contains(.foreignPage), "\(foreign.transcript)")
  }
}
