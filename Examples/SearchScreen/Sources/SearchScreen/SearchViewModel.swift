import Foundation
import Observation

/// The search screen's view model: search as you type, with a 300 ms
/// debounce, paging, and an empty query that clears the results.
///
/// The view binds its text field to ``query``, lists ``repositories``, shows
/// a spinner while ``isSearching`` and calls ``loadNextPage()`` when the
/// last row appears.
@Observable @MainActor
public final class SearchViewModel {
  /// The text in the search field.
  public var query = "" {
    didSet { queryChanged() }
  }
  /// The results on screen.
  public private(set) var repositories: [Repository] = []
  /// Whether a search or a next page is loading.
  public private(set) var isSearching = false
  /// What went wrong with the last search, if it failed.
  public private(set) var errorMessage: String?
  /// The query the results on screen are for.
  public private(set) var resultsQuery: String?

  @ObservationIgnored private let client: SearchClient
  @ObservationIgnored private let clock: any Clock<Duration>
  @ObservationIgnored private var search: Task<Void, Never>?
  @ObservationIgnored private var page = 0
  @ObservationIgnored private var hasMore = false

  /// Creates the view model.
  /// - Parameters:
  ///   - client: the network.
  ///   - clock: what the debounce waits on; the app passes `ContinuousClock()`.
  public init(client: SearchClient, clock: any Clock<Duration>) {
    self.client = client
    self.clock = clock
  }

  private func queryChanged() {
    search?.cancel()
    let text = query
    guard !text.isEmpty else {
      repositories = []
      resultsQuery = nil
      isSearching = false
      errorMessage = nil
      return
    }
    isSearching = true
    errorMessage = nil
    search = Task {
      do {
        try await clock.sleep(for: .milliseconds(300))
        let results = try await client.search(SearchQuery(text: text, page: 1))
        guard !Task.isCancelled else { return }
        show(results, for: text, page: 1, appending: false)
      } catch {
        fail(error, replacingResults: true)
      }
    }
  }

  /// Loads the next page of the results on screen.
  public func loadNextPage() {
    guard hasMore, !isSearching, let text = resultsQuery else { return }
    let next = page + 1
    isSearching = true
    search = Task {
      do {
        let results = try await client.search(SearchQuery(text: text, page: next))
        guard !Task.isCancelled else { return }
        show(results, for: text, page: next, appending: true)
      } catch {
        fail(error, replacingResults: false)
      }
    }
  }

  private func show(_ results: SearchResults, for text: String, page: Int, appending: Bool) {
    repositories = appending ? repositories + results.items : results.items
    resultsQuery = text
    self.page = page
    hasMore = results.hasMore
    isSearching = false
  }

  private func fail(_ error: any Error, replacingResults: Bool) {
    // A search replaced by a newer one shows nothing: the newer one owns the screen.
    guard !Task.isCancelled else { return }
    if replacingResults {
      // The results on screen are another query's: the error replaces them.
      repositories = []
      resultsQuery = nil
    }
    errorMessage = error.localizedDescription
    isSearching = false
  }
}
