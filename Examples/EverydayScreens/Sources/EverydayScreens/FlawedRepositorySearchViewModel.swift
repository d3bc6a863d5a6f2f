import Foundation
import Observation

/// ``RepositorySearchViewModel`` with a flaw: a query too short to search
/// cancels the search running and clears the list, but leaves the spinner
/// on — the cancelled search, which would have turned it off, returns
/// without touching the screen.
@Observable @MainActor
public final class FlawedRepositorySearchViewModel {
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
