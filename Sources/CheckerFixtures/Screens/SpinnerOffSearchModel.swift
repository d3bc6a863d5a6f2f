import Foundation
import Observation

/// Flaw: a cancelled search's `catch` hides the spinner while the newest
/// search still runs. ``SearchModel`` with its `catch` turning the spinner
/// off before asking whether the search was cancelled.
@Observable @MainActor
package final class SpinnerOffSearchModel {
  package var query = "" {
    didSet { queryChanged() }
  }
  package private(set) var items: [SearchItem] = []
  package private(set) var isSearching = false
  package private(set) var errorMessage: String?
  /// The query `items` belong to.
  package private(set) var resultsQuery = ""
  private var page = 0
  private var hasMore = false

  @ObservationIgnored private let search: @Sendable (SearchRequest) async throws -> SearchPage
  @ObservationIgnored private let clock: any Clock<Duration>
  @ObservationIgnored private var task: Task<Void, Never>?

  package init(search: @escaping @Sendable (SearchRequest) async throws -> SearchPage, clock: any Clock<Duration>) {
    self.search = search
    self.clock = clock
  }

  private func queryChanged() {
    task?.cancel()
    let query = self.query
    guard !query.isEmpty else {
      items = []
      resultsQuery = ""
      isSearching = false
      errorMessage = nil
      return
    }
    isSearching = true
    errorMessage = nil
    task = Task {
      do {
        try await clock.sleep(for: .milliseconds(300))
        let first = try await search(SearchRequest(query: query, page: 1))
        guard !Task.isCancelled else { return }
        items = first.items
        resultsQuery = query
        page = 1
        hasMore = first.hasMore
        isSearching = false
      } catch {
        // Flaw: the spinner goes off even when a newer search replaced this one.
        isSearching = false
        guard !Task.isCancelled else { return }
        // The results on screen are another query's: the error replaces them.
        items = []
        resultsQuery = ""
        errorMessage = error.localizedDescription
      }
    }
  }

  package func loadNextPage() {
    guard hasMore, !isSearching, !resultsQuery.isEmpty else { return }
    let query = resultsQuery
    let next = page + 1
    isSearching = true
    task = Task {
      do {
        let more = try await search(SearchRequest(query: query, page: next))
        guard !Task.isCancelled else { return }
        items += more.items
        page = next
        hasMore = more.hasMore
        isSearching = false
      } catch {
        guard !Task.isCancelled else { return }
        errorMessage = error.localizedDescription
        isSearching = false
      }
    }
  }
}
