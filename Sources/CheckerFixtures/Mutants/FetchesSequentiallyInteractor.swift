import ProfileScene

/// Mutant: the corrected interactor fetching the user, then the posts.
///
/// Every outcome is right, only slower: the profile takes the sum of the two
/// latencies instead of the larger. Caught by the transport's maximum in
/// flight, which never reaches 2 for one tap.
package actor FetchesSequentiallyInteractor: ProfileBusinessLogic {
  package weak var presenter: (any ProfilePresentationLogic)?
  private let worker: any ProfileFetching
  private var newestRequest: RequestID?
  private var loadingTask: Task<Void, Never>?

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
    do {
      let userNumber = try ProfileWorker.userNumber(from: request.userId)
      // Flaw: one fetch after the other.
      let user = try await worker.fetchUser(id: request.userId)
      let posts = try await worker.fetchPosts(userId: userNumber)
      guard isCurrent(request) else { return }
      await presenter?.presentProfile(
        response: ProfileResponse(request: request, user: user, posts: posts))
    } catch {
      guard isCurrent(request), !error.isCancellation else { return }
      await presenter?.presentError(error: error, request: request)
    }
  }

  private func isCurrent(_ request: ProfileRequest) -> Bool {
    !Task.isCancelled && newestRequest == request.id
  }
}
