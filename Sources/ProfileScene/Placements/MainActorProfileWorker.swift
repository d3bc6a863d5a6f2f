import Foundation

/// A worker isolated to the main actor: the decoding of "everything on
/// `@MainActor`", the design the second guide warns against.
///
/// It sends the same requests as ``ProfileWorker``, applies the same checks
/// and throws the same errors. The main actor is free while a request is in
/// flight; the status check and the JSON decoding then run on the main actor,
/// where they hold up everything else that wants it, frames included.
///
/// Isolating only the interactor to the main actor does not move decoding
/// there: ``ProfileWorker``'s methods are nonisolated `async`, and in the
/// Swift 6 language mode such methods leave the caller's actor (SE-0338).
/// They would stay on it with the `NonisolatedNonsendingByDefault` feature.
@MainActor
public struct MainActorProfileWorker: ProfileFetching {
  /// The transport requests go through.
  public let transport: any HTTPTransport
  /// The API root that `users/{id}` and `posts` are resolved against.
  public let baseURL: URL

  /// Creates a worker; callable from any isolation.
  /// - Parameters:
  ///   - transport: the network to use.
  ///   - baseURL: the API root; jsonplaceholder's by default.
  public nonisolated init(transport: any HTTPTransport, baseURL: URL = ProfileWorker.defaultBaseURL) {
    self.transport = transport
    self.baseURL = baseURL
  }

  /// Loads one user; decodes it on the main actor.
  /// - Parameter id: the user id; must be a decimal integer.
  /// - Returns: the decoded user.
  /// - Throws: as ``ProfileWorker/fetchUser(id:)`` does.
  public func fetchUser(id: String) async throws -> User {
    let number = try ProfileWorker.userNumber(from: id)
    let response = try await transport.get(ProfileWorker.userURL(number, baseURL: baseURL))
    return try ProfileWorker.decode(User.self, from: response, endpoint: "user")
  }

  /// Loads one user's posts; decodes them on the main actor.
  /// - Parameter userId: the user whose posts to load.
  /// - Returns: the decoded posts, possibly empty.
  /// - Throws: as ``ProfileWorker/fetchPosts(userId:)`` does.
  public func fetchPosts(userId: Int) async throws -> [Post] {
    let response = try await transport.get(ProfileWorker.postsURL(userId: userId, baseURL: baseURL))
    return try ProfileWorker.decode([Post].self, from: response, endpoint: "posts")
  }
}
