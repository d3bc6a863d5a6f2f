import Observation

/// ``StoryFeedViewModel`` with a flaw: a refresh leaves the page load
/// running, so a page of the list the user scrolled before refreshing is
/// appended to the new list when it answers after the refresh.
@Observable @MainActor
public final class FlawedStoryFeedViewModel {
  /// The stories on screen.
  public private(set) var stories: [Story] = []
  /// Whether another page follows the ones on screen.
  public private(set) var hasMore = false
  /// Whether a refresh runs.
  public private(set) var isRefreshing = false
  /// Whether a next page loads.
  public private(set) var isLoadingMore = false
  /// What went wrong, if something did.
  public private(set) var errorMessage: String?

  @ObservationIgnored private let client: StoryClient
  @ObservationIgnored private var nextPage = 1
  @ObservationIgnored private var refreshing: Task<Void, Never>?
  @ObservationIgnored private var paging: Task<Void, Never>?

  /// Creates the view model.
  public init(client: StoryClient) {
    self.client = client
  }

  /// `.refreshable`, and the first appearance: page 1 again.
  public func refresh() {
    refreshing?.cancel()
    isRefreshing = true
    errorMessage = nil
    refreshing = Task {
      do {
        let page = try await client.page(1)
        guard !Task.isCancelled else { return }
        stories = page.stories
        hasMore = page.hasMore
        nextPage = 2
        errorMessage = nil
      } catch {
        guard !Task.isCancelled else { return }
        errorMessage = "Couldn't refresh."
      }
      isRefreshing = false
    }
  }

  /// The last row appeared: the next page.
  public func loadMore() {
    guard hasMore, paging == nil else { return }
    let page = nextPage
    isLoadingMore = true
    paging = Task {
      do {
        let more = try await client.page(page)
        guard !Task.isCancelled else { return }
        stories += more.stories
        hasMore = more.hasMore
        nextPage = page + 1
      } catch {
        guard !Task.isCancelled else { return }
        errorMessage = "Couldn't load more."
      }
      isLoadingMore = false
      paging = nil
    }
  }
}
