import PullToRefresh
import ScreenChecks

/// The feed screen: pulled to refresh, loaded by its `.task(id:)`.
public let feedScreen = ScreenDescription(
  "feed", contract: .latestWins + .loadingState, actions: [.refresh { $0.pullToRefresh() }],
  tasks: [.task(id: { $0.refreshID }) { await $0.load() }]
) { deps in
  FeedViewModel(
    client: FeedClient(latest: deps.endpoint("feed") { Feed(stories: $0.tokens(3).map { Story(id: $0, title: $0) }) }))
} snapshot: { model in
  ScreenSnapshot(results: model.stories.map(\.id), isLoading: model.isLoading, error: model.errorMessage)
}

/// The same description, of the flawed view model.
public let flawedFeedScreen = ScreenDescription(
  "flawed-feed", contract: .latestWins + .loadingState, actions: [.refresh { $0.pullToRefresh() }],
  tasks: [.task(id: { $0.refreshID }) { await $0.load() }]
) { deps in
  FlawedFeedViewModel(
    client: FeedClient(latest: deps.endpoint("feed") { Feed(stories: $0.tokens(3).map { Story(id: $0, title: $0) }) }))
} snapshot: { model in
  ScreenSnapshot(results: model.stories.map(\.id), isLoading: model.isLoading, error: model.errorMessage)
}
