/// What the feed screen asks of the network: the latest stories.
public struct FeedClient: Sendable {
  /// Loads the latest stories.
  public var latest: @Sendable () async throws -> Feed

  /// Creates a client.
  public init(latest: @escaping @Sendable () async throws -> Feed) {
    self.latest = latest
  }
}

/// The feed: the latest stories, newest first.
public struct Feed: Sendable {
  /// The stories.
  public var stories: [Story]

  /// Creates a feed.
  public init(stories: [Story]) {
    self.stories = stories
  }
}

/// One story.
public struct Story: Sendable, Hashable, Identifiable {
  /// Its id.
  public var id: String
  /// Its title.
  public var title: String

  /// Creates a story.
  public init(id: String, title: String) {
    self.id = id
    self.title = title
  }
}
