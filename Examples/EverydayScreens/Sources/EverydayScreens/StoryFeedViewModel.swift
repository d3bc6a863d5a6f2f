import Observation

/// A feed with no query: a pull to refresh starts it anew, and its last
/// row loads the next page, shown only while there is more.
///
/// ```swift
/// List {
///   ForEach(model.stories) { StoryRow($0) }
///   if model.hasMore && !model.isLoadingMore { ProgressView().onAppear { model.loadMore() } }
/// }
/// .refreshable { model.refresh() }
/// ```
///
/// A refresh cancels the page load running, and cancels it again when its
/// answer replaces the list (a page asked for of the old list while the
/// refresh ran must not be appended to the new one). A refresh that fails
/// keeps the old list, which can still grow.
@Observable @MainActor
public final class StoryFeedViewModel {
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
    stopPaging()
    isRefreshing = true
    errorMessage = nil
    refreshing = Task {
      do {
        let page = try await client.page(1)
        guard !Task.isCancelled else { return }
        stopPaging()
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

  private func stopPaging() {
    paging?.cancel()
    paging = nil
    isLoadingMore = false
  }
}
