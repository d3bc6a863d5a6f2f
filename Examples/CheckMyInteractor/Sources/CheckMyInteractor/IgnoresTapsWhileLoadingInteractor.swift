import ProfileScene

/// A common "fix" for double taps, and a deliberate flaw: while a load is
/// running, refresh is ignored. The user who taps refresh for another
/// profile keeps waiting for one that never comes: the check counts the
/// latest request's profile as `lost`.
actor IgnoresTapsWhileLoadingInteractor: ProfileBusinessLogic {
  private weak var presenter: (any ProfilePresentationLogic)?
  private let worker: any ProfileFetching
  private var isLoading = false

  init(worker: any ProfileFetching, presenter: any ProfilePresentationLogic) {
    self.worker = worker
    self.presenter = presenter
  }

  func fetchProfile(request: ProfileRequest) async {
    guard !isLoading else { return }
    isLoading = true
    defer { isLoading = false }
    do {
      async let user = worker.fetchUser(id: request.userId)
      async let posts = worker.fetchPosts(userId: try ProfileWorker.userNumber(from: request.userId))
      let response = ProfileResponse(request: request, user: try await user, posts: try await posts)
      await presenter?.presentProfile(response: response)
    } catch {
      await presenter?.presentError(error: error, request: request)
    }
  }
}
