import Foundation
import Observation

/// A feed reloaded by `.task(id: model.refreshID) { await model.load() }`,
/// a pull to refresh changing the id, that shows every error, the
/// cancellation of a load the view replaced too (the flawed feed of the
/// pull-to-refresh example, in this package's types).
@Observable @MainActor
package final class ReloadFeedModel {
  package private(set) var refreshID = 0
  package private(set) var posts: [FeedPost] = []
  package private(set) var isLoading = false
  package private(set) var errorMessage: String?

  @ObservationIgnored private let feed: @Sendable () async throws -> Feed

  package init(feed: @escaping @Sendable () async throws -> Feed) {
    self.feed = feed
  }

  /// `.refreshable`: asks the view to load again.
  package func pullToRefresh() {
    refreshID += 1
  }

  /// `.task(id: refreshID)`.
  package func load() async {
    isLoading = true
    do {
      posts = try await feed().posts
      errorMessage = nil
    } catch {
      // Flaw: a replaced load's cancellation is shown as a failure.
      errorMessage = "Couldn't load the feed. \(error.localizedDescription)"
    }
    isLoading = false
  }
}
