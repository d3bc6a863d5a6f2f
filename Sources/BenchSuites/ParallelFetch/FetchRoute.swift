import Dispatch
import ProfileScene

/// One request of a profile screen that loads several things at once.
///
/// The guides' scene loads two: the user and the user's posts. Screens load
/// more, so the suite also fetches 4 and 8: users and posts of further ids.
enum FetchRoute: Sendable, Equatable {
  case user(Int)
  case posts(Int)

  /// The first `count` routes: user 1, posts of user 1, user 2, posts of user 2, …
  static func first(_ count: Int) -> [FetchRoute] {
    (0..<count).map { index in
      index.isMultiple(of: 2) ? .user(index / 2 + 1) : .posts(index / 2 + 1)
    }
  }

  /// Runs the request through the real worker.
  func fetch(with worker: ProfileWorker) async throws -> FetchedPart {
    switch self {
    case .user(let id): .user(try await worker.fetchUser(id: String(id)))
    case .posts(let id): .posts(try await worker.fetchPosts(userId: id))
    }
  }
}

extension FetchRoute {
  /// The completion-handler API a pre-concurrency worker had, written over
  /// the async worker (a task per request delivers the result to a callback).
  func fetch(with worker: ProfileWorker, completion: @escaping @Sendable (Result<FetchedPart, any Error>) -> Void) {
    Task {
      do {
        completion(.success(try await fetch(with: worker)))
      } catch {
        completion(.failure(error))
      }
    }
  }
}
