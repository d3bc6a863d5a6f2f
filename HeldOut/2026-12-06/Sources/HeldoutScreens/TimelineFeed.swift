// The held-out correct feed and its flawed twin (written for this set, not
// ported): pull to refresh through a `.refreshable` closure that awaits the
// stored refresh task, and a next page. A refresh that fails shows "Couldn't
// refresh the feed." and a page that fails "Couldn't load more stories.",
// fixed texts with nothing of the error in them.
import Foundation
import Observation

/// One row of the feed.
public struct FeedStory: Sendable, Hashable {
  public var id: String
  public init(id: String) { self.id = id }
}

/// One page of the feed.
public struct FeedPage: Sendable {
  public var stories: [FeedStory]
  public var hasMore: Bool
  public init(stories: [FeedStory], hasMore: Bool) {
    self.stories = stories
    self.hasMore = hasMore
  }
}

/// What the feed asks of the network.
public protocol TimelineLoading: Sendable {
  func page(_ number: Int) async throws -> FeedPage
}

/// A `TimelineLoading` that forwards to an async function (the checker's endpoint).
public struct TimelineAPI: TimelineLoading {
  let load: @Sendable (Int) async throws -> FeedPage
  public init(load: @escaping @Sendable (Int) async throws -> FeedPage) { self.load = load }
  public func page(_ number: Int) async throws -> FeedPage { try await load(number) }
}

/// The correct feed.
///
/// ```swift
/// List { … if model.hasMore { ProgressView().onAppear { model.loadNextPage() } } }
///   .refreshable { await model.refresh() }
/// ```
@Observable @MainActor
public final class TimelineFeedModel {
  public private(set) var stories: [FeedStory] = []
  public private(set) var hasMore = false
  public private(set) var isRefreshing = false
  public private(set) var isLoadingPage = false
  public private(set) var errorMessage: String?

  @ObservationIgnored private let loader: any TimelineLoading
  @ObservationIgnored private var refreshTask: Task<Void, Never>?
  @ObservationIgnored private var pageTask: Task<Void, Never>?
  @ObservationIgnored private var nextPage = 1
  @ObservationIgnored private var generation = 0

  public init(loader: any TimelineLoading) { self.loader = loader }

  /// `.refreshable`: the indicator stays while this runs.
  public func refresh() async {
    refreshTask?.cancel()
    generation += 1
    let current = generation
    isRefreshing = true
    errorMessage = nil
    let task = Task {
      do {
        let page = try await loader.page(1)
        guard current == generation, !Task.isCancelled else { return }
        stopPaging()
        stories = page.stories
        hasMore = page.hasMore
        nextPage = 2
        errorMessage = nil
      } catch {
        guard current == generation, !Task.isCancelled else { return }
        errorMessage = "Couldn't refresh the feed."
      }
      isRefreshing = false
    }
    refreshTask = task
    await task.value
  }

  /// The last row appeared.
  public func loadNextPage() {
    guard hasMore, pageTask == nil else { return }
    let number = nextPage
    isLoadingPage = true
    pageTask = Task {
      do {
        let page = try await loader.page(number)
        guard !Task.isCancelled else { return }
        stories += page.stories
        hasMore = page.hasMore
        nextPage = number + 1
      } catch {
        guard !Task.isCancelled else { return }
        errorMessage = "Couldn't load more stories."
      }
      isLoadingPage = false
      pageTask = nil
    }
  }

  private func stopPaging() {
    pageTask?.cancel()
    pageTask = nil
    isLoadingPage = false
  }
}

/// The flawed twin: a refresh neither cancels the older refresh nor checks
/// that it is still the newest, so an older refresh's page 1 can replace a
/// newer one's (and its failure can be shown over it).
@Observable @MainActor
public final class FlawedTimelineFeedModel {
  public private(set) var stories: [FeedStory] = []
  public private(set) var hasMore = false
  public private(set) var isRefreshing = false
  public private(set) var isLoadingPage = false
  public private(set) var errorMessage: String?

  @ObservationIgnored private let loader: any TimelineLoading
  @ObservationIgnored private var refreshTask: Task<Void, Never>?
  @ObservationIgnored private var pageTask: Task<Void, Never>?
  @ObservationIgnored private var nextPage = 1

  public init(loader: any TimelineLoading) { self.loader = loader }

  public func refresh() async {
    isRefreshing = true
    errorMessage = nil
    let task = Task {
      do {
        let page = try await loader.page(1)
        guard !Task.isCancelled else { return }
        stopPaging()
        stories = page.stories
        hasMore = page.hasMore
        nextPage = 2
        errorMessage = nil
      } catch {
        guard !Task.isCancelled else { return }
        errorMessage = "Couldn't refresh the feed."
      }
      isRefreshing = false
    }
    refreshTask = task
    await task.value
  }

  public func loadNextPage() {
    guard hasMore, pageTask == nil else { return }
    let number = nextPage
    isLoadingPage = true
    pageTask = Task {
      do {
        let page = try await loader.page(number)
        guard !Task.isCancelled else { return }
        stories += page.stories
        hasMore = page.hasMore
        nextPage = number + 1
      } catch {
        guard !Task.isCancelled else { return }
        errorMessage = "Couldn't load more stories."
      }
      isLoadingPage = false
      pageTask = nil
    }
  }

  private func stopPaging() {
    pageTask?.cancel()
    pageTask = nil
    isLoadingPage = false
  }
}
