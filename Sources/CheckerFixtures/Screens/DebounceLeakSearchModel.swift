import Foundation
import Observation

/// Flaw: the debounce lets the previous query's search publish inside the
/// debounce window: the search in flight is cancelled only when the next
/// one starts, 300 ms after the query changed. ``SearchModel`` with the
/// debounce and the search in two tasks.
@Observable @MainActor
package final class DebounceLeakSearchModel {
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
  @ObservationIgnored private var debounce: Task<Void, Never>?

  package init(search: @escaping @Sendable (SearchRequest) async throws -> SearchPage, clock: any Clock<Duration>) {
    self.search = search
    self.clock = clock
  }

  private func queryChanged() {
    // Flaw: only the debounce is cancelled now; the search in flight goes on until the next one starts.
    debounce?.cancel()
    let query = self.query
    guard !query.isEmpty else {
      task?.cancel()
      items = []
      resultsQuery = ""
      isSearching = false
      errorMessage = nil
      return
    }
    isSearching = true
    errorMessage = nil
    debounce = Task {
      guard (try? await clock.sleep(for: .milliseconds(300))) != nil else { return }
      task?.cancel()
      task = Task { await searchFirstPage(query) }
    }
  }

  private func searchFirstPage(_ query: String) async {
    do {
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
