import Observation

/// A search screen whose client reports through a completion handler, the
/// shape a callback API keeps after it moved to `async`: the search runs off
/// the main actor, checks cancellation there, and then hops to the main
/// actor with `MainActor.run` to hand over its results.
///
/// The flawed one (`checksOnMain: false`) checks only off the main actor, so
/// a keystroke between that check and the hop leaves the older query's
/// results to be shown. The correct one checks again on the main actor,
/// where the results are shown.
@Observable @MainActor
package final class CompletionSearchModel {
  package var query = "" {
    didSet { queryChanged() }
  }
  package private(set) var items: [SearchItem] = []
  package private(set) var isSearching = false
  package private(set) var errorMessage: String?
  package private(set) var resultsQuery = ""

  @ObservationIgnored private let search: @Sendable (String) async throws -> [SearchItem]
  @ObservationIgnored private let checksOnMain: Bool
  @ObservationIgnored private var task: Task<Void, Never>?

  package init(search: @escaping @Sendable (String) async throws -> [SearchItem], checksOnMain: Bool) {
    self.search = search
    self.checksOnMain = checksOnMain
  }

  private func queryChanged() {
    task?.cancel()
    let query = self.query
    errorMessage = nil
    guard !query.isEmpty else {
      items = []
      resultsQuery = ""
      isSearching = false
      return
    }
    isSearching = true
    task = Self.search(query, with: search, checksOnMain: checksOnMain) { [weak self] found in
      guard let self else { return }
      items = found ?? []
      resultsQuery = found == nil ? "" : query
      errorMessage = found == nil ? "Search failed" : nil
      isSearching = false
    }
  }

  /// The client: searches off the main actor, then calls `completion` on it.
  nonisolated private static func search(
    _ query: String, with search: @escaping @Sendable (String) async throws -> [SearchItem], checksOnMain: Bool,
    completion: @escaping @MainActor @Sendable ([SearchItem]?) -> Void
  ) -> Task<Void, Never> {
    Task {
      let found = try? await search(query)
      guard !Task.isCancelled else { return }
      await MainActor.run {
        if checksOnMain, Task.isCancelled { return }
        completion(found)
      }
    }
  }
}
