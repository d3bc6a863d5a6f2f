/// The request counts `scripts/serve.py` reports at `/__stats`.
struct ServerStats: Decodable, Sendable, CustomStringConvertible {
  /// The counts of one route.
  struct Counts: Decodable, Sendable {
    /// Requests that arrived.
    var received: Int
    /// Requests neither answered nor abandoned yet.
    var inFlight: Int
    /// Requests answered.
    var completed: Int
    /// Requests whose client closed the connection before the answer.
    var disconnected: Int
  }

  /// The counts of every route together.
  var received: Int
  var inFlight: Int
  var completed: Int
  var disconnected: Int
  /// The counts per route: `user`, `posts` and `other`.
  var routes: [String: Counts]

  var user: Counts { routes["user"] ?? Counts(received: 0, inFlight: 0, completed: 0, disconnected: 0) }
  var posts: Counts { routes["posts"] ?? Counts(received: 0, inFlight: 0, completed: 0, disconnected: 0) }

  var description: String {
    "user \(user), posts \(posts)"
  }
}

extension ServerStats.Counts: CustomStringConvertible {
  var description: String {
    "received \(received), in flight \(inFlight), completed \(completed), disconnected \(disconnected)"
  }
}
