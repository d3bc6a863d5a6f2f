/// What the screens ask of the network, injected as apps inject their API
/// clients: one closure per request.
public struct UserClient: Sendable {
  /// Loads the user with an id.
  public var user: @Sendable (String) async throws -> User

  /// Creates a client.
  public init(user: @escaping @Sendable (String) async throws -> User) {
    self.user = user
  }
}

/// A user, as the detail screen shows it.
public struct User: Sendable, Hashable {
  /// Their id.
  public var id: String
  /// Their name.
  public var name: String

  /// Creates a user.
  public init(id: String, name: String) {
    self.id = id
    self.name = name
  }
}

/// Loads pages of the story feed.
public struct StoryClient: Sendable {
  /// Loads a page; pages start at 1.
  public var page: @Sendable (Int) async throws -> StoryPage

  /// Creates a client.
  public init(page: @escaping @Sendable (Int) async throws -> StoryPage) {
    self.page = page
  }
}

/// One page of the feed.
public struct StoryPage: Sendable {
  /// Its stories, newest first.
  public var stories: [Story]
  /// Whether another page follows.
  public var hasMore: Bool

  /// Creates a page.
  public init(stories: [Story], hasMore: Bool) {
    self.stories = stories
    self.hasMore = hasMore
  }
}

/// A story of the feed.
public struct Story: Sendable, Hashable, Identifiable {
  /// Its id.
  public var id: String

  /// Creates a story.
  public init(id: String) {
    self.id = id
  }
}

/// Searches repositories by name.
public struct RepositoryClient: Sendable {
  /// The repositories matching a text.
  public var search: @Sendable (String) async throws -> [Repository]

  /// Creates a client.
  public init(search: @escaping @Sendable (String) async throws -> [Repository]) {
    self.search = search
  }
}

/// A repository, as the search lists it.
public struct Repository: Sendable, Hashable, Identifiable {
  /// Its id.
  public var id: String

  /// Creates a repository.
  public init(id: String) {
    self.id = id
  }
}
