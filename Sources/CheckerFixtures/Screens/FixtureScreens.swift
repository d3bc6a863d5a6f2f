import Observation
import ScreenChecks

/// What the search fixtures have in common, so that one description reads
/// them all. (The package's checker needs none of it: a user's description
/// names their model's own properties.)
@MainActor
package protocol SearchFixture: AnyObject, Observable {
  var query: String { get set }
  var items: [SearchItem] { get }
  var isSearching: Bool { get }
  var errorMessage: String? { get }
  /// The query the screen says its results belong to.
  var resultsLabel: String? { get }
}

/// A search fixture that pages.
@MainActor
package protocol PagingSearchFixture: SearchFixture {
  func loadNextPage()
}

extension SearchModel: PagingSearchFixture {
  package var resultsLabel: String? { resultsQuery.isEmpty ? nil : resultsQuery }
}
extension SpinnerOffSearchModel: PagingSearchFixture {
  package var resultsLabel: String? { resultsQuery.isEmpty ? nil : resultsQuery }
}
extension RefillingSearchModel: PagingSearchFixture {
  package var resultsLabel: String? { resultsQuery.isEmpty ? nil : resultsQuery }
}
extension UntiedPagingSearchModel: PagingSearchFixture {
  package var resultsLabel: String? { resultsQuery.isEmpty ? nil : resultsQuery }
}
extension DebounceLeakSearchModel: PagingSearchFixture {
  package var resultsLabel: String? { resultsQuery.isEmpty ? nil : resultsQuery }
}
extension CompletionSearchModel: SearchFixture {
  package var resultsLabel: String? { resultsQuery.isEmpty ? nil : resultsQuery }
}
extension RacingLiveKeySearchModel: SearchFixture { package var resultsLabel: String? { query.isEmpty ? nil : query } }
extension LiveKeySearchModel: SearchFixture { package var resultsLabel: String? { query.isEmpty ? nil : query } }
extension CorrectLiveKeySearchModel: SearchFixture { package var resultsLabel: String? { query.isEmpty ? nil : query } }

/// The descriptions the checker reads the fixtures through.
package enum FixtureScreens {
  /// What a search screen promises.
  package static let searchContract: ScreenContract = .latestWins + .loadingState + .clearing + .paging
  /// What a pull-to-refresh screen promises.
  package static let feedContract: ScreenContract = .latestWins + .loadingState

  /// The checker's answer to a search: two results a page, two pages.
  @Sendable package static func answer(_ request: SearchRequest, _ answer: AnswerContent) -> SearchPage {
    SearchPage(items: answer.tokens(2).map { SearchItem(id: $0, title: $0) }, hasMore: request.page < 2)
  }

  /// The checker's answer to a feed: two posts.
  @Sendable package static func feed(_ answer: AnswerContent) -> Feed {
    Feed(posts: answer.tokens(2).map { FeedPost(id: $0) })
  }

  /// What the user sees of a search fixture.
  @MainActor package static func snapshot(_ model: some SearchFixture) -> ScreenSnapshot {
    ScreenSnapshot(
      results: model.items.map(\.id), label: model.resultsLabel, isLoading: model.isSearching,
      error: model.errorMessage)
  }

  /// A paging search fixture: type, clear, next page.
  package static func paging<Model: PagingSearchFixture>(
    _ name: String, _ make: @escaping @MainActor @Sendable (ScreenDependencies) -> Model
  ) -> ScreenDescription<Model> {
    ScreenDescription(
      name, contract: searchContract,
      actions: [.type { $0.query = $1 }, .clear { $0.query = "" }, .nextPage { $0.loadNextPage() }], make: make,
      snapshot: { snapshot($0) })
  }

  /// A search fixture without pages: type and clear.
  package static func search<Model: SearchFixture>(
    _ name: String, _ make: @escaping @MainActor @Sendable (ScreenDependencies) -> Model
  ) -> ScreenDescription<Model> {
    ScreenDescription(
      name, contract: searchContract, actions: [.type { $0.query = $1 }, .clear { $0.query = "" }], make: make,
      snapshot: { snapshot($0) })
  }

  package static let correctSearch = paging("search") {
    SearchModel(search: $0.endpoint("search", key: \.query, answer: answer), clock: $0.clock)
  }
  package static let spinnerOff = paging("spinner-off") {
    SpinnerOffSearchModel(search: $0.endpoint("search", key: \.query, answer: answer), clock: $0.clock)
  }
  package static let refilling = paging("refilling") {
    RefillingSearchModel(search: $0.endpoint("search", key: \.query, answer: answer), clock: $0.clock)
  }
  package static let untiedPaging = paging("untied-paging") {
    UntiedPagingSearchModel(search: $0.endpoint("search", key: \.query, answer: answer), clock: $0.clock)
  }
  package static let debounceLeak = paging("debounce-leak") {
    DebounceLeakSearchModel(search: $0.endpoint("search", key: \.query, answer: answer), clock: $0.clock)
  }
  package static let liveKey = search("live-key") {
    LiveKeySearchModel(search: $0.endpoint("search", key: \.query, answer: answer))
  }
  package static let racingLiveKey = search("racing-live-key") {
    RacingLiveKeySearchModel(search: $0.endpoint("search", key: \.query, answer: answer))
  }
  package static let correctLiveKey = search("cached-search") {
    CorrectLiveKeySearchModel(search: $0.endpoint("search", key: \.query, answer: answer))
  }

  /// A pull-to-refresh fixture: loaded by `.task` at appearance, refreshed by `.refreshable`.
  package static let correctFeed = ScreenDescription(
    "feed", contract: feedContract, actions: [.refresh { $0.refresh() }], tasks: [.task { await $0.load() }],
    make: { FeedModel(feed: $0.endpoint("feed", answer: feed)) },
    snapshot: { ScreenSnapshot(results: $0.posts.map(\.id), isLoading: $0.isRefreshing, error: $0.errorMessage) })
  /// A feed reloaded by `.task(id:)` on a pull, showing every error.
  package static let reloadFeed = ScreenDescription(
    "reload-feed", contract: feedContract, actions: [.refresh { $0.pullToRefresh() }],
    tasks: [.task(id: { $0.refreshID }) { await $0.load() }],
    make: { ReloadFeedModel(feed: $0.endpoint("feed", answer: feed)) },
    snapshot: { ScreenSnapshot(results: $0.posts.map(\.id), isLoading: $0.isLoading, error: $0.errorMessage) })
  package static let skippingRefresh = ScreenDescription(
    "skipping-refresh", contract: feedContract, actions: [.refresh { $0.refresh() }],
    tasks: [.task { await $0.load() }],
    make: { SkippingRefreshFeedModel(feed: $0.endpoint("feed", answer: feed)) },
    snapshot: { ScreenSnapshot(results: $0.posts.map(\.id), isLoading: $0.isRefreshing, error: $0.errorMessage) })

  /// An infinite-scroll feed: `.task` loads, `.refreshable` refreshes, the last row loads the next page.
  package static func infiniteFeed(_ name: String, cancelsPageLoad: Bool) -> ScreenDescription<InfiniteFeedModel> {
    ScreenDescription(
      name, contract: feedContract + .paging,
      actions: [.refresh { await $0.refresh() }, .nextPage { $0.loadNextPage() }],
      tasks: [.task { await $0.refresh() }],
      make: { deps in
        InfiniteFeedModel(
          page: deps.endpoint("page") { (_: Int, content) in FeedPage(posts: content.tokens(2).map { FeedPost(id: $0) })
          },
          cancelsPageLoad: cancelsPageLoad)
      },
      snapshot: { ScreenSnapshot(results: $0.posts.map(\.id), isLoading: $0.isLoading, error: $0.errorMessage) })
  }
  package static let infiniteFeed = infiniteFeed("infinite-feed", cancelsPageLoad: true)
  package static let leakingPageFeed = infiniteFeed("leaking-page-feed", cancelsPageLoad: false)

  /// A `.task(id:)` detail screen: choosing an item types its id.
  package static func detail(_ name: String, guardsID: Bool) -> ScreenDescription<DetailModel> {
    ScreenDescription(
      name, contract: .latestWins + .loadingState, actions: [.type { $0.selectedID = $1 }],
      tasks: [.task(id: { $0.selectedID }) { await $0.load() }],
      make: { deps in
        DetailModel(
          user: deps.endpoint("user") { id, content in DetailUser(id: content.tokens(1)[0]) },
          posts: deps.endpoint("posts") { id, content in content.tokens(2).map { FeedPost(id: $0) } },
          guardsID: guardsID)
      },
      snapshot: {
        ScreenSnapshot(
          results: ($0.user.map { [$0.id] } ?? []) + $0.posts.map(\.id), isLoading: $0.isLoading,
          error: $0.errorMessage)
      })
  }
  package static let guardedDetail = detail("guarded-detail", guardsID: true)
  package static let restartOnlyDetail = detail("restart-only-detail", guardsID: false)

  /// A `.task(id:)` repository screen whose every switch makes three calls.
  package static func repository(_ name: String, guardsID: Bool) -> ScreenDescription<RepositoryModel> {
    ScreenDescription(
      name, contract: .latestWins + .loadingState, actions: [.type { $0.selectedID = $1 }],
      tasks: [.task(id: { $0.selectedID }) { await $0.load() }],
      make: { deps in
        RepositoryModel(
          status: deps.endpoint("status") { _, content in content.tokens(1)[0] },
          commits: deps.endpoint("commits") { _, content in content.tokens(1)[0] },
          pulls: deps.endpoint("pulls") { _, content in content.tokens(1)[0] }, guardsID: guardsID)
      },
      snapshot: { ScreenSnapshot(results: $0.parts, isLoading: $0.isLoading, error: $0.errorMessage) })
  }
  package static let guardedRepository = repository("guarded-repository", guardsID: true)
  package static let restartOnlyRepository = repository("restart-only-repository", guardsID: false)

  /// A search whose client reports through a completion handler.
  package static let completionSearch = search("completion-search") {
    CompletionSearchModel(
      search: $0.endpoint("search") { query, content in content.tokens(2).map { SearchItem(id: $0, title: $0) } },
      checksOnMain: true)
  }
  package static let offMainCheckSearch = search("off-main-check-search") {
    CompletionSearchModel(
      search: $0.endpoint("search") { query, content in content.tokens(2).map { SearchItem(id: $0, title: $0) } },
      checksOnMain: false)
  }
}
