import Foundation
import Observation

/// Flaw: a second refresh cancels the first and then skips itself, because
/// one is "already in progress": nothing fresh ever loads, and the cancelled
/// refresh reports its cancelled request as a failure. ``FeedModel`` with an
/// in-progress guard after the cancellation, and a `catch` that shows every
/// error, instead of its generation number.
@Observable @MainActor
package final class SkippingRefreshFeedModel {
  package private(set) var posts: [FeedPost] = []
  package private(set) var isRefreshing = false
  package private(set) var errorMessage: String?

  @ObservationIgnored private let feed: @Sendable () async throws -> Feed
  @ObservationIgnored private var current: Task<Void, Never>?

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
    current?.cancel()
    // Flaw: "already refreshing", though the refresh in progress was just cancelled.
    guard !isRefreshing else { return }
    isRefreshing = true
    current = Task {
      do {
        posts = try await feed().posts
        errorMessage = nil
      } catch {
        // Flaw: a cancellation is shown as a failure.
        errorMessage = "Couldn't refresh: \(error.localizedDescription)"
      }
      isRefreshing = false
    }
  }
}
