/// A feed, as a pull-to-refresh screen loads it.
struct Feed: Sendable {
  var posts: [FeedPost]
}

/// One post of a feed.
struct FeedPost: Sendable, Hashable, Identifiable {
  var id: String
}
