import Foundation
import Observation

/// A cache-by-query search that cancels the search it replaces, but stores
/// an answer under the query live when the answer is handled
/// (`results[self.query] = …`), not the one it searched for.
///
/// Cancelling hides the flaw from every ordering of actions and answers:
/// a replaced search's answer is never handled after the next keystroke.
/// It shows when a keystroke comes between an answer's arrival and the
/// main-actor job that handles it, one preemption deep: the older query's
/// results are then stored and shown under the newer one.
@Observable @MainActor
package final class RacingLiveKeySearchModel {
  package var query = "" {
    didSet { queryChanged() }
  }
  package private(set) var results: [String: [SearchItem]] = [:]
  package private(set) var searching: Set<String> = []
  package private(set) var errorMessage: String?

  @ObservationIgnored private let search: @Sendable (SearchRequest) async throws -> SearchPage
  @ObservationIgnored private var task: Task<Void, Never>?

  package init(search: @escaping @Sendable (SearchRequest) async throws -> SearchPage) {
    self.search = search
  }

  package var items: [SearchItem] { results[query] ?? [] }
  package var isSearching: Bool { searching.contains(query) }

  private func queryChanged() {
    task?.cancel()
    searching = []
    errorMessage = nil
    let query = self.query
    guard !query.isEmpty, results[query] == nil else { return }
    searching.insert(query)
    task = Task {
      do {
        let page = try await search(SearchRequest(query: query, page: 1))
        // Flaw: the live query, read after the await, instead of the one searched for.
        results[self.query] = page.items
      } catch {
        guard !Task.isCancelled else { return }
        errorMessage = error.localizedDescription
      }
      searching.remove(query)
    }
  }
}
