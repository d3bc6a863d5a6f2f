import Observation

/// A user, as a detail screen shows one.
package struct DetailUser: Sendable {
  package var id: String

  package init(id: String) { self.id = id }
}

/// A detail screen loaded by `.task(id: model.selectedID) { await model.load() }`,
/// its two parts in parallel with `async let`, written as apps write one.
///
/// The correct one (`guardsID: true`) shows an answer only while its id is
/// still the selected one and its task was not cancelled. The flawed one
/// relies on the restart alone, checking cancellation only: the view
/// cancels the old load when it renders the new id, but an old load whose
/// answers arrived before that render shows the old id's user.
@Observable @MainActor
package final class DetailModel {
  package var selectedID = ""
  package private(set) var user: DetailUser?
  package private(set) var posts: [FeedPost] = []
  package private(set) var isLoading = false
  package private(set) var errorMessage: String?

  @ObservationIgnored private let fetchUser: @Sendable (String) async throws -> DetailUser
  @ObservationIgnored private let fetchPosts: @Sendable (String) async throws -> [FeedPost]
  @ObservationIgnored private let guardsID: Bool

  package init(
    user: @escaping @Sendable (String) async throws -> DetailUser,
    posts: @escaping @Sendable (String) async throws -> [FeedPost], guardsID: Bool
  ) {
    self.fetchUser = user
    self.fetchPosts = posts
    self.guardsID = guardsID
  }

  /// `.task(id: model.selectedID) { await model.load() }`.
  package func load() async {
    let id = selectedID
    guard !id.isEmpty else { return }
    isLoading = true
    do {
      async let user = fetchUser(id)
      async let posts = fetchPosts(id)
      let (loadedUser, loadedPosts) = try await (user, posts)
      guard !Task.isCancelled, !guardsID || id == selectedID else { return }
      self.user = loadedUser
      self.posts = loadedPosts
      errorMessage = nil
    } catch {
      guard !Task.isCancelled, !guardsID || id == selectedID else { return }
      errorMessage = "Couldn't load \(id): \(error.localizedDescription)"
    }
    isLoading = false
  }
}
