import Foundation
import Observation

/// The feed screen's view model, loaded the SwiftUI way:
///
/// ```swift
/// List(model.stories) { StoryRow($0) }
///   .task(id: model.refreshID) { await model.load() }
///   .refreshable { model.pullToRefresh() }
/// ```
///
/// With a flaw seen in public apps: a load that SwiftUI cancelled, because
/// the user pulled to refresh again, shows its cancellation as an error and
/// turns the spinner off while the newer load runs. Otherwise the same as
/// ``FeedViewModel``.
@Observable @MainActor
public final class FlawedFeedViewModel {
  /// Changed by a pull to refresh; the view's `.task(id:)` reloads on it.
  public private(set) var refreshID = 0
  /// The stories on screen.
  public private(set) var stories: [Story] = []
  /// Whether a load runs.
  public private(set) var isLoading = false
  /// What went wrong with the last load, if it failed.
  public private(set) var errorMessage: String?

  @ObservationIgnored private let client: FeedClient

  /// Creates the view model.
  public init(client: FeedClient) {
    self.client = client
  }

  /// `.refreshable`: asks the view to load again.
  public func pullToRefresh() {
    refreshID += 1
  }

  /// `.task(id: refreshID)`: loads the feed.
  public func load() async {
    isLoading = true
    do {
      stories = try await client.latest().stories
      errorMessage = nil
    } catch {
      // Flaw: every error is shown, the cancellation of a replaced load too.
      errorMessage = "Couldn't load the feed. \(error.localizedDescription)"
    }
    isLoading = false
  }
}
