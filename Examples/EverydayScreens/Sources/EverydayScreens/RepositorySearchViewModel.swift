import Foundation
import Observation

/// A search that looks only for queries of three characters or more,
/// trimmed of spaces: a shorter one clears the list.
///
/// ```swift
/// List(model.repositories) { RepositoryRow($0) }
///   .searchable(text: $model.query)
///   .overlay { if model.isSearching { ProgressView() } }
/// ```
@Observable @MainActor
public final class RepositorySearchViewModel {
  /// The text in the search field.
  public var query = "" {
    didSet { queryChanged() }
  }
  /// The repositories on screen.
  public private(set) var repositories: [Repository] = []
  /// Whether a search runs.
  public private(set) var isSearching = false
  /// What went wrong with the last search, if it failed.
  public private(set) var errorMessage: String?

  @ObservationIgnored private let client: RepositoryClient
  @ObservationIgnored private var searching: Task<Void, Never>?

  /// Creates the view model.
  public init(client: RepositoryClient) {
    self.client = client
  }

  private func queryChanged() {
    searching?.cancel()
    errorMessage = nil
    let text = query.trimmingCharacters(in: .whitespaces)
    guard text.count >= 3 else {
      repositories = []
      isSearching = false
      return
    }
    isSearching = true
    searching = Task {
      do {
        let found = try await client.search(text)
        guard !Task.isCancelled else { return }
        repositories = found
      } catch {
        guard !Task.isCancelled else { return }
        errorMessage = "Search failed."
      }
      isSearching = false
    }
  }
}
