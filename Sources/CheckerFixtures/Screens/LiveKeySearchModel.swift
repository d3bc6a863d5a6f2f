import Foundation
import Observation

/// Flaw: results are stored under the query read after the `await`
/// (`results[query] = …`), so an older query's answer that arrives after
/// the user typed again is filed, and shown, under the new query.
///
/// A cache-per-query search screen, as apps write one: each query's search
/// runs in a task of its own (none is cancelled: a query's results are kept
/// for when the user types it again), and the screen shows the results
/// filed under the current query.
@Observable @MainActor
package final class LiveKeySearchModel {
  package var query = "" {
    didSet { queryChanged() }
  }
  package private(set) var results: [String: [SearchItem]] = [:]
  package private(set) var searching: Set<String> = []
  package private(set) var errorMessage: String?

  @ObservationIgnored private let search: @Sendable (SearchRequest) async throws -> SearchPage

  package init(search: @escaping @Sendable (SearchRequest) async throws -> SearchPage) {
    self.search = search
  }

  /// What the screen lists: the results filed under the current query.
  package var items: [SearchItem] { results[query] ?? [] }
  /// Whether the spinner turns: the current query's search runs.
  package var isSearching: Bool { searching.contains(query) }

  private func queryChanged() {
    let query = self.query
    guard !query.isEmpty, results[query] == nil else { return }
    searching.insert(query)
    Task {
      do {
        let page = try await search(SearchRequest(query: query, page: 1))
        // Flaw: the live query, read after the await, instead of the one searched for.
        results[self.query] = page.items
      } catch {
        errorMessage = error.localizedDescription
      }
      searching.remove(query)
    }
  }
}
