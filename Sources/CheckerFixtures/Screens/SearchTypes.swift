/// A search request: the query and the page, from 1.
struct SearchRequest: Sendable, Hashable {
  var query: String
  var page: Int
}

/// One page of results.
struct SearchPage: Sendable {
  var items: [SearchItem]
  var hasMore: Bool
}

/// One result.
struct SearchItem: Sendable, Hashable, Identifiable {
  var id: String
  var title: String
}
