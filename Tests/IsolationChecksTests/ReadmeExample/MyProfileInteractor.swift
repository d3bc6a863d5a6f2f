import ProfileScene

/// An interactor written as a user of the package would write one, outside
/// its sources: the one the README's example checks. An actor that cancels
/// the previous load, checks after the fetch that its load is still the
/// newest, keeps its label from the call, and never shows a cancellation.
actor MyProfileInteractor: ProfileBusinessLogic {
  private weak var presenter: (any ProfilePresentationLogic)?
  private let worker: any ProfileFetching
  private var newest: RequestID?
  private var load: Task<Void, Never>?

  init(worker: any ProfileFetching, presenter: any ProfilePresentationLogic) {
    self.worker = worker
    self.presenter = presenter
  }

  func fetchProfile(request: ProfileRequest) async {
    if let newest, request.id < newest { return }
    newest = request.id
    load?.cancel()
    let worker = self.worker
    let task = Task {
      do {
        async let user = worker.fetchUser(id: request.userId)
        async let posts = worker.fetchPosts(userId: try ProfileWorker.userNumber(from: request.userId))
        let response = ProfileResponse(request: request, user: try await user, posts: try await posts)
        guard self.isNewest(request) else { return }
        await self.presenter?.presentProfile(response: response)
      } catch {
        guard self.isNewest(request), !error.isCancellation else { return }
        await self.presenter?.presentError(error: error, request: request)
      }
    }
    load = task
    await task.value
  }

  private func isNewest(_ request: ProfileRequest) -> Bool {
    !Task.isCancelled && newest == request.id
  }
}
