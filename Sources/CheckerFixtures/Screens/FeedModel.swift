import Foundation
import Observation

/// A pull-to-refresh screen's view model, written as apps write one:
/// `@Observable`, on the main actor, loaded by the view's `.task` when it
/// appears, refreshed by a pull. A refresh replaces the load or refresh
/// before it: it cancels it, and a generation number set at the pull keeps
/// an answer of the one it replaced from reaching the screen, even one
/// already on its way to the main actor.
@Observable @MainActor
package final class FeedModel {
  package private(set) var posts: [FeedPost] = []
  package private(set) var isRefreshing = false
  package private(set) var errorMessage: String?

  @ObservationIgnored private let feed: @Sendable () async throws -> Feed
  @ObservationIgnored private var current: Task<Void, Never>?
  @ObservationIgnored private var generation = 0

  package init(feed: @escaping @Sendable () async throws -> Feed) {
    self.feed = feed
  }

  /// `.task { await model.load() }`.
  package func load() async {
    refresh()
    await current?.value
  }

  /// A pull to refresh.
  package func refresh() {
    generation += 1
    let mine = generation
    current?.cancel()
    isRefreshing = true
    current = Task {
      do {
        let loaded = try await feed()
        guard mine == generation else { return }
        posts = loaded.posts
        errorMessage = nil
        isRefreshing = false
      } catch {
        guard mine == generation else { return }
        errorMessage = "Couldn't refresh: \(error.localizedDescription)"
        isRefreshing = false
      }
    }
  }
}
