/// A search request: the query and the page, from 1.
package struct SearchRequest: Sendable, Hashable {
  package var query: String
  package var page: Int

  package init(query: String, page: Int) {
    self.query = query
    self.page = page
  }
}

/// One page of results.
package struct SearchPage: Sendable {
  package var items: [SearchItem]
  package var hasMore: Bool

  package init(items: [SearchItem], hasMore: Bool) {
    self.items = items
    self.hasMore = hasMore
  }
}

/// One result.
package struct SearchItem: Sendable, Hashable, Identifiable {
  package var id: String
  package var title: String

  package init(id: String, title: String) {
    self.id = id
    self.title = title
  }
}
