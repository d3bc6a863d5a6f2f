import Foundation
import Observation

/// The cache-per-query search screen of ``LiveKeySearchModel``, correct:
/// each answer is filed under the query it answers.
@Observable @MainActor
package final class CorrectLiveKeySearchModel {
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
    errorMessage = nil
    guard !query.isEmpty, results[query] == nil else { return }
    searching.insert(query)
    Task {
      do {
        results[query] = try await search(SearchRequest(query: query, page: 1)).items
      } catch {
        if self.query == query { errorMessage = error.localizedDescription }
      }
      searching.remove(query)
    }
  }
}
