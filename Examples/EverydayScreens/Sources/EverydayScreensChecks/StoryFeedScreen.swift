import EverydayScreens
import ScreenChecks

// description: begin
/// The feed, as the checker sees it: a pull to refresh starts a new
/// generation of the list, and its last row loads more only while there is more.
public let storyFeedScreen = ScreenDescription(
  "story-feed", contract: .latestWins + .loadingState + .paging,
  actions: [.refresh { $0.refresh() }, .nextPage { $0.loadMore() }.when { $0.hasMore && !$0.isLoadingMore }]
) { deps in
  StoryFeedViewModel(
    client: StoryClient(
      page: deps.endpoint("feed") { (page: Int, answer) in
        StoryPage(stories: answer.tokens(2).map(Story.init(id:)), hasMore: page < 3)
      }))
} snapshot: { model in
  ScreenSnapshot(
    results: model.stories.map(\.id), isLoading: model.isRefreshing || model.isLoadingMore, error: model.errorMessage)
}
// description: end

/// The same description, of the flawed view model.
public let flawedStoryFeedScreen = ScreenDescription(
  "flawed-story-feed", contract: .latestWins + .loadingState + .paging,
  actions: [.refresh { $0.refresh() }, .nextPage { $0.loadMore() }.when { $0.hasMore && !$0.isLoadingMore }]
) { deps in
  FlawedStoryFeedViewModel(
    client: StoryClient(
      page: deps.endpoint("feed") { (page: Int, answer) in
        StoryPage(stories: answer.tokens(2).map(Story.init(id:)), hasMore: page < 3)
      }))
} snapshot: { model in
  ScreenSnapshot(
    results: model.stories.map(\.id), isLoading: model.isRefreshing || model.isLoadingMore, error: model.errorMessage)
}
