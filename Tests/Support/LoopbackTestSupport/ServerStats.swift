/// The request counts `scripts/serve.py` reports at `/__stats`.
public struct ServerStats: Decodable, Sendable, CustomStringConvertible {
  /// The counts of one route.
  public struct Counts: Decodable, Sendable {
    /// Requests that arrived.
    public var received: Int
    /// Requests neither answered nor abandoned yet.
    public var inFlight: Int
    /// Requests answered.
    public var completed: Int
    /// Requests whose client closed the connection before the answer.
    public var disconnected: Int
  }

  /// Requests that arrived, on every route together.
  public var received: Int
  /// Requests neither answered nor abandoned yet, on every route together.
  public var inFlight: Int
  /// Requests answered, on every route together.
  public var completed: Int
  /// Requests whose client closed the connection first, on every route together.
  public var disconnected: Int
  /// The counts per route: `user`, `posts` and `other`.
  public var routes: [String: Counts]

  /// The counts of `/users/{id}`.
  public var user: Counts { routes["user"] ?? Counts(received: 0, inFlight: 0, completed: 0, disconnected: 0) }
  /// The counts of `/posts`.
  public var posts: Counts { routes["posts"] ?? Counts(received: 0, inFlight: 0, completed: 0, disconnected: 0) }

  /// `user …, posts …`.
  public var description: String {
    "user \(user), posts \(posts)"
  }
}

extension ServerStats.Counts: CustomStringConvertible {
  /// `received 2, in flight 0, completed 2, disconnected 0`.
  public var description: String {
    "received \(received), in flight \(inFlight), completed \(completed), disconnected \(disconnected)"
  }
}
