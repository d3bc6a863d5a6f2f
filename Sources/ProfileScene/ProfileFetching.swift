/// What an interactor needs from a worker: one user, and that user's posts.
///
/// ``ProfileWorker`` (the guides' stateless struct), ``ActorProfileWorker``
/// (the second guide's `actor`) and ``MainActorProfileWorker`` (everything on
/// the main actor) all conform. They send the same requests and return the
/// same values; they differ only in where the status check and the JSON
/// decoding run: on the caller's task off any actor, on the worker's actor,
/// or on the main actor.
///
/// `Sendable` because interactors hand the worker to the child tasks that
/// fetch the user and the posts concurrently.
public protocol ProfileFetching: Sendable {
  /// Loads one user.
  /// - Parameter id: the user id as typed; must be a decimal integer.
  /// - Returns: the decoded user.
  /// - Throws: ``ProfileError/invalidUserID(_:)`` before any request when `id`
  ///   is not a number; ``ProfileError`` for a bad status or body; the
  ///   transport's own error otherwise (including cancellation).
  func fetchUser(id: String) async throws -> User

  /// Loads one user's posts.
  /// - Parameter userId: the user whose posts to load.
  /// - Returns: the decoded posts, possibly empty.
  /// - Throws: ``ProfileError`` for a bad status or body; the transport's own
  ///   error otherwise (including cancellation).
  func fetchPosts(userId: Int) async throws -> [Post]
}
