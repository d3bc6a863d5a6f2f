import Observation

/// One page of a feed that scrolls on forever.
package struct FeedPage: Sendable {
  package var posts: [FeedPost]

  package init(posts: [FeedPost]) { self.posts = posts }
}

/// An infinite-scroll feed with pull to refresh, written as apps write one:
/// `.task { await model.refresh() }`, `.refreshable { await model.refresh() }`,
/// and `.onAppear` of the last row calling `loadNextPage()`, which loads
/// nothing while a refresh runs.
///
/// The correct one's refresh cancels the page load on its way and awaits its
/// own load (a newer refresh cancels an older one), whose answer replaces
/// the list. The flawed one (`cancelsPageLoad: false`) leaves the page load
/// running, so an old page lands under the refreshed list.
@Observable @MainActor
package final class InfiniteFeedModel {
  package private(set) var posts: [FeedPost] = []
  package private(set) var isRefreshing = false
  package private(set) var isLoadingPage = false
  package private(set) var errorMessage: String?
  package var isLoading: Bool { isRefreshing || isLoadingPage }

  @ObservationIgnored private let page: @Sendable (Int) async throws -> FeedPage
  @ObservationIgnored private let cancelsPageLoad: Bool
  @ObservationIgnored private var refreshTask: Task<Void, Never>?
  @ObservationIgnored private var pageLoad: Task<Void, Never>?
  @ObservationIgnored private var nextPage = 2

  package init(page: @escaping @Sendable (Int) async throws -> FeedPage, cancelsPageLoad: Bool) {
    self.page = page
    self.cancelsPageLoad = cancelsPageLoad
  }

  /// `.task { await model.refresh() }` and `.refreshable { await model.refresh() }`.
  package func refresh() async {
    if cancelsPageLoad {
      pageLoad?.cancel()
      pageLoad = nil
      isLoadingPage = false
    }
    refreshTask?.cancel()
    isRefreshing = true
    let task = Task {
      do {
        let first = try await page(1)
        guard !Task.isCancelled else { return }
        posts = first.posts
        nextPage = 2
        errorMessage = nil
      } catch {
        guard !Task.isCancelled else { return }
        errorMessage = "Couldn't refresh: \(error.localizedDescription)"
      }
      isRefreshing = false
    }
    refreshTask = task
    await task.value
  }

  /// `.onAppear` of the last row.
  package func loadNextPage() {
    guard pageLoad == nil, !isRefreshing, errorMessage == nil else { return }
    let number = nextPage
    isLoadingPage = true
    pageLoad = Task {
      do {
        let more = try await page(number)
        guard !Task.isCancelled else { return }
        posts += more.posts
        nextPage = number + 1
      } catch {
        guard !Task.isCancelled else { return }
        errorMessage = "Couldn't load more: \(error.localizedDescription)"
      }
      isLoadingPage = false
      pageLoad = nil
    }
  }
}
