import EverydayScreens
import Foundation
import ScreenChecks

// description: begin
/// The search, as the checker sees it: the user's own texts, one too short
/// to search for, one the screen trims; a short one is graded as a clear.
public let repositorySearchScreen = ScreenDescription(
  "repository-search", contract: .latestWins + .loadingState,
  actions: [
    .type(texts: ["swift", "sw", " SwiftUI "], ignoring: { $0.trimmingCharacters(in: .whitespaces).count < 3 }) {
      $0.query = $1
    }
  ]
) { deps in
  RepositorySearchViewModel(
    client: RepositoryClient(
      search: deps.endpoint("search") { _, answer in answer.tokens(2).map(Repository.init(id:)) }))
} snapshot: { model in
  ScreenSnapshot(results: model.repositories.map(\.id), isLoading: model.isSearching, error: model.errorMessage)
}
// description: end

/// The same description, of the flawed view model.
public let flawedRepositorySearchScreen = ScreenDescription(
  "flawed-repository-search", contract: .latestWins + .loadingState,
  actions: [
    .type(texts: ["swift", "sw", " SwiftUI "], ignoring: { $0.trimmingCharacters(in: .whitespaces).count < 3 }) {
      $0.query = $1
    }
  ]
) { deps in
  FlawedRepositorySearchViewModel(
    client: RepositoryClient(
      search: deps.endpoint("search") { _, answer in answer.tokens(2).map(Repository.init(id:)) }))
} snapshot: { model in
  ScreenSnapshot(results: model.repositories.map(\.id), isLoading: model.isSearching, error: model.errorMessage)
}
