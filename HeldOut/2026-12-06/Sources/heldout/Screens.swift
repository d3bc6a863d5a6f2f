// The checker's descriptions of the held-out screens.
import Foundation
import HeldoutScreens
import ScreenChecks

/// A screen to measure: its checker, what it is expected to be, and the
/// actions a trial makes.
struct HeldoutScreen {
  var name: String
  var expected: String  // "flawed" or "correct"
  var actions: Int
  var checked: CheckedScreen
}

// MARK: zhuorantan/LocationPicker (PR #14)

let locationPickerScreen = ScreenDescription(
  "location-picker", contract: .latestWins + .clearing,
  actions: [.type { $0.searchBar(textDidChange: $1) }, .clear { $0.searchBar(textDidChange: "") }]
) { deps in
  LocationPicker(
    localSearch: LocalSearchClient(
      search: deps.endpoint("localsearch") { _, answer in answer.tokens(2).map(MapItem.init(name:)) }))
} snapshot: { model in
  ScreenSnapshot(results: model.searchResultLocations.map(\.name), isLoading: false)
}

let fixedLocationPickerScreen = ScreenDescription(
  "location-picker-fixed", contract: .latestWins + .clearing,
  actions: [.type { $0.searchBar(textDidChange: $1) }, .clear { $0.searchBar(textDidChange: "") }]
) { deps in
  FixedLocationPicker(
    localSearch: LocalSearchClient(
      search: deps.endpoint("localsearch") { _, answer in answer.tokens(2).map(MapItem.init(name:)) }))
} snapshot: { model in
  ScreenSnapshot(results: model.searchResultLocations.map(\.name), isLoading: false)
}

// MARK: AlphaWallet/alpha-wallet-ios (issue #2281)

let activitiesScreen = ScreenDescription(
  "alphawallet-activities", contract: .latestWins,
  actions: [.type { $0.updateSearchResults(text: $1) }]
) { deps in
  ActivitiesViewController(
    viewModel: ActivitiesViewModel(
      store: ActivitiesStore(search: deps.endpoint("activities") { _, answer in answer.tokens(2).map(Activity.init(id:)) })))
} snapshot: { model in
  ScreenSnapshot(results: model.rows.map(\.id), label: model.searchBarText, isLoading: false)
}

// MARK: boostcampwm2023/iOS05-Village (PR #395)

let villageHomeScreen = ScreenDescription(
  "village-home", contract: .latestWins + .paging,
  actions: [.refresh { $0.refreshPost() }, .nextPage { $0.scrollViewDidScroll() }]
) { deps in
  HomeViewController(
    viewModel: HomeViewModel(
      api: PostListAPI(
        request: deps.endpoint("posts", key: nil) { (_: PostListRequestDTO?, answer) in
          answer.tokens(2).map(PostListResponseDTO.init(postID:))
        })))
} snapshot: { model in
  ScreenSnapshot(results: model.posts.map(\.postID), isLoading: false)
}

// MARK: kasianov-mikhail/scout (PR #767)

let scoutScreen = ScreenDescription<HomeContent>(
  "scout-home-stat", contract: .latestWins + .loadingState,
  actions: [.type { $0.selectBackend($1) }],
  tasks: [
    .task(id: { $0.backendID }) { (model) async -> Void in
      guard !model.backendID.isEmpty else { return }  // HomeContent exists only `if let backend`
      await model.sessionStat.fetchAgain(in: model.database)
    }
  ]
) { (deps: ScreenDependencies) -> HomeContent in
  let read: @Sendable (String) async throws -> [StatPoint] = deps.endpoint("stats") { _, answer in answer.tokens(2).map(StatPoint.init(id:)) }
  return HomeContent { BackendDatabase(backendID: $0, read: read) }
} snapshot: { (model) -> ScreenSnapshot in
  let points: [StatPoint] = (try? model.sessionStat.result?.get()) ?? []
  return ScreenSnapshot(
    results: points.map(\.id), isLoading: !model.backendID.isEmpty && model.sessionStat.result == nil,
    error: errorText(model.sessionStat.result))
}

let fixedScoutScreen = ScreenDescription<FixedHomeContent>(
  "scout-home-stat-fixed", contract: .latestWins + .loadingState,
  actions: [.type { $0.selectBackend($1) }],
  tasks: [
    .task(id: { $0.backendID }) { (model) async -> Void in
      guard !model.backendID.isEmpty else { return }
      await model.load()
    }
  ]
) { (deps: ScreenDependencies) -> FixedHomeContent in
  let read: @Sendable (String) async throws -> [StatPoint] = deps.endpoint("stats") { _, answer in answer.tokens(2).map(StatPoint.init(id:)) }
  return FixedHomeContent { BackendDatabase(backendID: $0, read: read) }
} snapshot: { (model) -> ScreenSnapshot in
  let points: [StatPoint] = (try? model.sessionStat.result?.get()) ?? []
  return ScreenSnapshot(
    results: points.map(\.id), isLoading: !model.backendID.isEmpty && model.sessionStat.result == nil,
    error: errorText(model.sessionStat.result))
}

// MARK: Infomaniak/ios-kMail (PR #1472)

let kMailSearchScreen = ScreenDescription(
  "kmail-search", contract: .latestWins + .loadingState,
  actions: [.type { $0.searchValue = $1 }]
) { deps in
  SearchViewModel(
    mailboxManager: MailboxSearchAPI(
      search: deps.endpoint("threads") { _, answer in ThreadResult(threads: answer.tokens(2).map(MailThread.init(uid:))) }),
    clock: deps.clock)
} snapshot: { model in
  ScreenSnapshot(results: model.frozenThreads.map(\.uid), isLoading: model.isLoading, error: model.snackbarMessage)
}

// MARK: the held-out feed and its flawed twin

let timelineFeedScreen = ScreenDescription(
  "timeline-feed", contract: .latestWins + .loadingState + .paging,
  actions: [
    .refresh { await $0.refresh() },
    .nextPage { $0.loadNextPage() }.when { $0.hasMore && !$0.isLoadingPage },
  ]
) { deps in
  TimelineFeedModel(
    loader: TimelineAPI(
      load: deps.endpoint("feed") { (page: Int, answer) in
        FeedPage(stories: answer.tokens(2).map(FeedStory.init(id:)), hasMore: page < 3)
      }))
} snapshot: { model in
  ScreenSnapshot(
    results: model.stories.map(\.id), isLoading: model.isRefreshing || model.isLoadingPage, error: model.errorMessage)
}

let flawedTimelineFeedScreen = ScreenDescription(
  "timeline-feed-flawed", contract: .latestWins + .loadingState + .paging,
  actions: [
    .refresh { await $0.refresh() },
    .nextPage { $0.loadNextPage() }.when { $0.hasMore && !$0.isLoadingPage },
  ]
) { deps in
  FlawedTimelineFeedModel(
    loader: TimelineAPI(
      load: deps.endpoint("feed") { (page: Int, answer) in
        FeedPage(stories: answer.tokens(2).map(FeedStory.init(id:)), hasMore: page < 3)
      }))
} snapshot: { model in
  ScreenSnapshot(
    results: model.stories.map(\.id), isLoading: model.isRefreshing || model.isLoadingPage, error: model.errorMessage)
}

let heldoutScreens: [HeldoutScreen] = [
  HeldoutScreen(name: "location-picker", expected: "flawed", actions: 2, checked: locationPickerScreen.checked),
  HeldoutScreen(name: "alphawallet-activities", expected: "flawed", actions: 2, checked: activitiesScreen.checked),
  HeldoutScreen(name: "village-home", expected: "flawed", actions: 3, checked: villageHomeScreen.checked),
  HeldoutScreen(name: "scout-home-stat", expected: "flawed", actions: 2, checked: scoutScreen.checked),
  HeldoutScreen(name: "kmail-search", expected: "flawed", actions: 2, checked: kMailSearchScreen.checked),
  HeldoutScreen(name: "timeline-feed-flawed", expected: "flawed", actions: 3, checked: flawedTimelineFeedScreen.checked),
  HeldoutScreen(name: "location-picker-fixed", expected: "correct", actions: 2, checked: fixedLocationPickerScreen.checked),
  HeldoutScreen(name: "scout-home-stat-fixed", expected: "correct", actions: 2, checked: fixedScoutScreen.checked),
  HeldoutScreen(name: "timeline-feed", expected: "correct", actions: 3, checked: timelineFeedScreen.checked),
]
