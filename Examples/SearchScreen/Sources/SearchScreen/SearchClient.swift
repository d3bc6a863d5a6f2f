import Foundation

/// What the search screen asks of the network: one page of repositories
/// matching a query, fetched as JSON and decoded here, as apps' API clients
/// do. Injected, as apps inject their API clients.
nonisolated public struct SearchClient: Sendable {
  /// Fetches one page's JSON; the app's transport (`URLSession`) answers it.
  public var fetch: @Sendable (SearchQuery) async throws -> Data

  /// Creates a client.
  public init(fetch: @escaping @Sendable (SearchQuery) async throws -> Data) {
    self.fetch = fetch
  }

  /// Searches; pages start at 1: fetches the page and decodes it.
  public func search(_ query: SearchQuery) async throws -> SearchResults {
    let data = try await fetch(query)
    let page = try JSONDecoder().decode(SearchPage.self, from: data)
    return SearchResults(
      items: page.items.map { Repository(id: $0.id, name: $0.fullName) }, hasMore: page.hasMore)
  }
}

/// One page as the server sends it.
nonisolated struct SearchPage: Decodable, Sendable {
  nonisolated struct Item: Decodable, Sendable {
    var id: String
    var fullName: String

    enum CodingKeys: String, CodingKey {
      case id
      case fullName = "full_name"
    }
  }

  var items: [Item]
  var hasMore: Bool

  enum CodingKeys: String, CodingKey {
    case items
    case hasMore = "has_more"
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
