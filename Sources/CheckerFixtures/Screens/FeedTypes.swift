/// A feed, as a pull-to-refresh screen loads it.
package struct Feed: Sendable {
  package var posts: [FeedPost]

  package init(posts: [FeedPost]) { self.posts = posts }
}

/// One post of a feed.
package struct FeedPost: Sendable, Hashable, Identifiable {
  package var id: String

  package init(id: String) { self.id = id }
}
