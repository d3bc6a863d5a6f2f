import Foundation

/// Loads users and posts from a jsonplaceholder-shaped API.
///
/// Stateless, as the guide's worker is: a plain `Sendable` struct whose
/// `async` methods run wherever their caller's task runs, off the main actor.
/// Unlike the guide's worker, it checks the status of both endpoints (the
/// guide's `fetchPosts` checks none), turns bodies it cannot decode into
/// ``ProfileError/malformedBody(endpoint:)``, and rejects a non-numeric user id
/// before sending anything.
public struct ProfileWorker: ProfileFetching {
  /// jsonplaceholder's public API, the guide's server.
  public static let defaultBaseURL = URL(string: "https://jsonplaceholder.typicode.com")!

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

  /// Loads one user.
  /// - Parameter id: the user id; must be a decimal integer.
  /// - Returns: the decoded user.
  /// - Throws: ``ProfileError/invalidUserID(_:)`` before any request when `id`
  ///   is not a number; ``ProfileError`` for a bad status or body; the
  ///   transport's own error otherwise (including cancellation).
  public func fetchUser(id: String) async throws -> User {
    let number = try Self.userNumber(from: id)
    let response = try await transport.get(Self.userURL(number, baseURL: baseURL))
    return try Self.decode(User.self, from: response, endpoint: "user")
  }

  /// Loads one user's posts.
  /// - Parameter userId: the user whose posts to load.
  /// - Returns: the decoded posts, possibly empty.
  /// - Throws: ``ProfileError`` for a bad status or body; the transport's own
  ///   error otherwise (including cancellation).
  public func fetchPosts(userId: Int) async throws -> [Post] {
    let response = try await transport.get(Self.postsURL(userId: userId, baseURL: baseURL))
    return try Self.decode([Post].self, from: response, endpoint: "posts")
  }

  /// Parses a user id typed by the user.
  /// - Parameter id: the id as text.
  /// - Returns: the id as a number.
  /// - Throws: ``ProfileError/invalidUserID(_:)`` when `id` is not a decimal integer.
  public static func userNumber(from id: String) throws -> Int {
    guard let number = Int(id) else { throw ProfileError.invalidUserID(id) }
    return number
  }

  /// `{baseURL}/users/{number}`.
  static func userURL(_ number: Int, baseURL: URL) -> URL {
    baseURL.appendingPathComponent("users/\(number)")
  }

  /// `{baseURL}/posts?userId={userId}`.
  static func postsURL(userId: Int, baseURL: URL) -> URL {
    var components = URLComponents(
      url: baseURL.appendingPathComponent("posts"), resolvingAgainstBaseURL: false)!
    components.queryItems = [URLQueryItem(name: "userId", value: String(userId))]
    return components.url!
  }

  /// Checks the status of `response` and decodes its body.
  ///
  /// Synchronous, so it runs on whatever executor calls it: the placement
  /// variants (``ActorProfileWorker``, ``MainActorProfileWorker``) share it,
  /// and their decoding runs on their own actor.
  static func decode<Value: Decodable>(
    _ type: Value.Type, from response: TransportResponse, endpoint: String
  ) throws -> Value {
    switch response.statusCode {
    case 200..<300:
      break
    case 404:
      throw ProfileError.notFound
    default:
      throw ProfileError.unexpectedStatus(response.statusCode)
    }
    do {
      return try JSONDecoder().decode(Value.self, from: response.body)
    } catch {
      throw ProfileError.malformedBody(endpoint: endpoint)
    }
  }
}
