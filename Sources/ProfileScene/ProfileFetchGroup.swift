/// The corrected interactors' fetch: a request's user and posts, loaded at
/// once in a task group.
///
/// A task group rather than `async let`, so that the first failure of either
/// fetch ends the load at once (the guide's `try await (user, posts)` waits
/// for `user` even after `posts` failed) and leaving the group cancels the
/// other fetch. Shared by ``ProfileInteractor`` and
/// ``MainActorProfileInteractor``; it runs on its caller's isolation, so the
/// main-actor interactor's bookkeeping stays on the main actor.
package enum ProfileFetchGroup {
  /// Loads `request`'s user and posts concurrently.
  /// - Parameters:
  ///   - request: the request; its user id must be a decimal integer.
  ///   - worker: loads users and posts.
  ///   - isolation: where the group's results are gathered; the caller's.
  /// - Returns: the response for `request`.
  /// - Throws: ``ProfileError/invalidUserID(_:)`` before any request for a
  ///   non-numeric id, or the first error either fetch throws.
  package static func fetch(
    _ request: ProfileRequest, from worker: any ProfileFetching,
    isolation: isolated (any Actor)? = #isolation
  ) async throws -> ProfileResponse {
    let userNumber = try ProfileWorker.userNumber(from: request.userId)
    return try await withThrowingTaskGroup(of: ProfilePart.self, isolation: isolation) { group in
      group.addTask { .user(try await worker.fetchUser(id: request.userId)) }
      group.addTask { .posts(try await worker.fetchPosts(userId: userNumber)) }
      var user: User?
      var posts: [Post]?
      // The first failure ends the loop; leaving the group cancels the other fetch.
      for try await part in group {
        switch part {
        case .user(let value): user = value
        case .posts(let value): posts = value
        }
      }
      guard let user, let posts else {
        preconditionFailure("task group finished without both parts: user \(user == nil ? "missing" : "present")")
      }
      return ProfileResponse(request: request, user: user, posts: posts)
    }
  }
}

/// One half of a profile, as a task of the fetch group returns it.
private enum ProfilePart: Sendable {
  case user(User)
  case posts([Post])
}
