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
/// SwiftUI runs ``load()`` when the list appears and again, after
/// cancelling the running load, whenever ``refreshID`` changes: at its next
/// render, so an answer already on its way to the main actor can arrive
/// before the cancellation. A load replaced by a newer one (its `refreshID`
/// is no longer the screen's) shows nothing: the newer one owns the screen.
@Observable @MainActor
public final class FeedViewModel {
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
    let id = refreshID
    isLoading = true
    do {
      let feed = try await client.latest()
      guard id == refreshID, !Task.isCancelled else { return }
      stories = feed.stories
      errorMessage = nil
    } catch {
      guard id == refreshID, !Task.isCancelled else { return }
      errorMessage = "Couldn't load the feed. \(error.localizedDescription)"
    }
    isLoading = false
  }
}
