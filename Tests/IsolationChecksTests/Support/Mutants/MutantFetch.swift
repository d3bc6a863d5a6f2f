import ProfileScene

/// The corrected interactor's fetch, shared by the mutants that do not mutate
/// it: both halves in a task group, the first failure cancelling the other.
func fetchBothParts(_ request: ProfileRequest, with worker: ProfileWorker) async throws
  -> ProfileResponse
{
  let userNumber = try ProfileWorker.userNumber(from: request.userId)
  return try await withThrowingTaskGroup(of: MutantPart.self) { group in
    group.addTask { .user(try await worker.fetchUser(id: request.userId)) }
    group.addTask { .posts(try await worker.fetchPosts(userId: userNumber)) }
    var user: User?
    var posts: [Post]?
    for try await part in group {
      switch part {
      case .user(let value): user = value
      case .posts(let value): posts = value
      }
    }
    guard let user, let posts else { preconditionFailure("task group finished without both parts") }
    return ProfileResponse(request: request, user: user, posts: posts)
  }
}

/// One half of a profile.
enum MutantPart: Sendable {
  case user(User)
  case posts([Post])
}
