import ProfileScene

/// Mutant: the corrected interactor keeping the user and the posts in the
/// actor's own properties as each arrives, and presenting whatever the
/// properties hold when both have arrived.
///
/// An answer of a superseded load that arrives late overwrites the newer
/// load's part: the screen shows one user's name with another user's posts,
/// labelled as the newest request. Graded by label it is the latest profile;
/// graded by content it is nobody's. Caught with late responses.
package actor MixesPartsOfTwoLoadsInteractor: ProfileBusinessLogic {
  package weak var presenter: (any ProfilePresentationLogic)?
  private let worker: any ProfileFetching
  private var newestRequest: RequestID?
  private var loadingTask: Task<Void, Never>?
  // Flaw: one slot per part for every load, instead of per-load values.
  private var user: User?
  private var posts: [Post]?

  package init(worker: any ProfileFetching, presenter: (any ProfilePresentationLogic)?) {
    self.worker = worker
    self.presenter = presenter
  }

  package func fetchProfile(request: ProfileRequest) async {
    if let newestRequest, request.id < newestRequest { return }
    newestRequest = request.id
    loadingTask?.cancel()
    let task = Task { await self.load(request) }
    loadingTask = task
    await task.value
  }

  private func load(_ request: ProfileRequest) async {
    let worker = self.worker
    do {
      let userNumber = try ProfileWorker.userNumber(from: request.userId)
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { await self.store(user: try await worker.fetchUser(id: request.userId)) }
        group.addTask { await self.store(posts: try await worker.fetchPosts(userId: userNumber)) }
        try await group.waitForAll()
      }
      guard isCurrent(request), let user, let posts else { return }
      await presenter?.presentProfile(response: ProfileResponse(request: request, user: user, posts: posts))
    } catch {
      guard isCurrent(request), !error.isCancellation else { return }
      await presenter?.presentError(error: error, request: request)
    }
  }

  private func store(user: User) { self.user = user }
  private func store(posts: [Post]) { self.posts = posts }

  private func isCurrent(_ request: ProfileRequest) -> Bool {
    !Task.isCancelled && newestRequest == request.id
  }
}
