import Foundation
import Observation

/// A pull-to-refresh screen's view model, written as apps write one:
/// `@Observable`, on the main actor, loaded by the view's `.task` when it
/// appears and by `.refreshable { await model.refresh() }`. A refresh
/// cancels the load or refresh it replaces; a cancelled one shows nothing.
@Observable @MainActor
final class FeedModel {
  private(set) var posts: [FeedPost] = []
  private(set) var isRefreshing = false
  private(set) var errorMessage: String?

  @ObservationIgnored private let feed: @Sendable () async throws -> Feed
  @ObservationIgnored private var current: Task<Void, Never>?

  init(feed: @escaping @Sendable () async throws -> Feed) {
    self.feed = feed
  }

  /// `.task { await model.load() }` and `.refreshable { await model.refresh() }`.
  func refresh() async {
    current?.cancel()
    isRefreshing = true
    let task = Task {
      do {
        let loaded = try await feed()
        guard !Task.isCancelled else { return }
        posts = loaded.posts
        errorMessage = nil
        isRefreshing = false
      } catch {
        guard !Task.isCancelled else { return }
        errorMessage = "Couldn't refresh: \(error.localizedDescription)"
        isRefreshing = false
      }
    }
    current = task
    await task.value
  }
}
