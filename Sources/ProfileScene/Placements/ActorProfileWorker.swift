import Foundation

/// The worker of the second guide's isolation table: an `actor`.
///
/// It sends the same requests as ``ProfileWorker``, applies the same checks
/// and throws the same errors; only the place where the work runs differs.
/// Awaiting the transport suspends the actor (actors are reentrant), so
/// requests from several callers still overlap on the network. The status
/// check and the JSON decoding, though, are synchronous code on the actor:
/// when several loads share one instance, their decoding runs one at a time.
///
/// A worker made per scene (as the guide's `setupVIP` makes it) is shared by
/// nothing but that scene's own two requests; a worker shared by several
/// scenes or list cells serialises all their decoding.
public actor ActorProfileWorker: ProfileFetching {
  /// The transport requests go through.
  public let transport: any HTTPTransport
  /// The API root that `users/{id}` and `posts` are resolved against.
  public let baseURL: URL

  /// Creates a worker.
  /// - Parameters:
  ///   - transport: the network to use.
  ///   - baseURL: the API root; jsonplaceholder's by default.
  public init(transport: any HTTPTransport, baseURL: URL = ProfileWorker.defaultBaseURL) {
    self.transport = transport
    self.baseURL = baseURL
  }

  /// Loads one user; decodes it on this actor.
  /// - Parameter id: the user id; must be a decimal integer.
  /// - Returns: the decoded user.
  /// - Throws: as ``ProfileWorker/fetchUser(id:)`` does.
  public func fetchUser(id: String) async throws -> User {
    let number = try ProfileWorker.userNumber(from: id)
    let response = try await transport.get(ProfileWorker.userURL(number, baseURL: baseURL))
    return try ProfileWorker.decode(User.self, from: response, endpoint: "user")
  }

  /// Loads one user's posts; decodes them on this actor.
  /// - Parameter userId: the user whose posts to load.
  /// - Returns: the decoded posts, possibly empty.
  /// - Throws: as ``ProfileWorker/fetchPosts(userId:)`` does.
  public func fetchPosts(userId: Int) async throws -> [Post] {
    let response = try await transport.get(ProfileWorker.postsURL(userId: userId, baseURL: baseURL))
    return try ProfileWorker.decode([Post].self, from: response, endpoint: "posts")
  }
}
