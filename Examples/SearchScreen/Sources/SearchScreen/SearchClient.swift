/// What the search screen asks of the network: one page of repositories
/// matching a query. Injected, as apps inject their API clients.
nonisolated public struct SearchClient: Sendable {
  /// Searches; pages start at 1.
  public var search: @Sendable (SearchQuery) async throws -> SearchResults

  /// Creates a client.
  public init(search: @escaping @Sendable (SearchQuery) async throws -> SearchResults) {
    self.search = search
  }
}

/// One search request: the text typed and the page wanted.
nonisolated public struct SearchQuery: Sendable, Hashable {
  /// The text typed.
  public var text: String
  /// The page, from 1.
  public var page: Int

  /// Creates a request.
  public init(text: String, page: Int) {
    self.text = text
    self.page = page
  }
}

/// One page of results.
nonisolated public struct SearchResults: Sendable {
  /// The repositories found.
  public var items: [Repository]
  /// Whether another page follows.
  public var hasMore: Bool

  /// Creates a page.
  public init(items: [Repository], hasMore: Bool) {
    self.items = items
    self.hasMore = hasMore
  }
}

/// A repository, as the list shows it.
nonisolated public struct Repository: Sendable, Hashable, Identifiable {
  /// Its id.
  public var id: String
  /// Its name.
  public var name: String

  /// Creates a repository.
  public init(id: String, name: String) {
    self.id = id
    self.name = name
  }
}
