import MockNetwork

/// The payloads of the decode-cost sweeps: a user with `posts` posts whose
/// bodies are about 2,000 characters long.
///
/// jsonplaceholder's bodies are about 180 characters; ten times that makes
/// the posts response grow to about 2 MB at 1,000 posts, enough for JSON
/// decoding to take longer than a frame. The data depends only on `posts`.
enum DecodeHeavyPayload {
  /// The mean length of a post body, in characters.
  static let bodyLength = 2_000
  /// The users a dataset holds; loads cycle through them.
  static let users = 2

  /// The dataset for `posts` posts per user.
  static func dataset(posts: Int) -> MockDataset {
    MockDataset(scale: .init(users: users, postsPerUser: posts, bodyLength: bodyLength))
  }

  /// The user loaded by load number `index`: 1, 2, 1, 2, …
  static func userId(forLoad index: Int) -> Int {
    index % users + 1
  }
}
