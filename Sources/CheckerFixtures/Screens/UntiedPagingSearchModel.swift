import Foundation
import Observation

/// Flaw: loading the next page is not tied to the query: a page asked for
/// under an older query is appended to the new query's results.
/// ``SearchModel`` with its next page loaded in a task of its own, which a
/// new query does not cancel, and appended whatever the query is now.
@Observable @MainActor
package final class UntiedPagingSearchModel {
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
  @ObservationIgnored private var pageTask: Task<Void, Never>?

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
        guard !Task.isCancelled else { return }
        // The results on screen are another query's: the error replaces them.
        items = []
        resultsQuery = ""
        errorMessage = error.localizedDescription
        isSearching = false
      }
    }
  }

  package func loadNextPage() {
    guard hasMore, !isSearching, !resultsQuery.isEmpty else { return }
    let query = resultsQuery
    let next = page + 1
    isSearching = true
    // Flaw: a task of its own, which a new query does not cancel, appending whatever the query is now.
    pageTask = Task {
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
