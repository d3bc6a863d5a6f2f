/// The guide's interactor isolated to the main actor: the shape the
/// interactor takes in sample apps that mark every layer `@MainActor`, and
/// under a default main-actor isolation.
///
/// Step for step ``GuideProfileInteractor``: cancel the previous load, start
/// an unstructured `Task` for the new one, fetch user and posts with
/// `async let`, check `Task.isCancelled`, present, and ignore
/// `CancellationError` only. ``fetchProfile(request:)`` returns as soon as
/// the load has started. The difference is where it runs: the bookkeeping,
/// the cancellation check and the call to the presenter all run on the main
/// actor, with no hop between the check and the presentation, while the
/// worker's fetches still run off it.
///
/// Its flaws are the guide's that survive the move: URLSession's
/// `URLError(.cancelled)` is shown as an error, and a fast failure of the
/// posts waits for the user.
@MainActor
public final class MainActorGuideProfileInteractor: ProfileBusinessLogic {
  /// The presenter, held weakly as in the guide.
  public weak var presenter: (any ProfilePresentationLogic)?
  private let worker: any ProfileFetching

  private var currentRequest: ProfileRequest?
  private var loadingTask: Task<Void, Never>?

  /// Creates the guide's interactor on the main actor.
  /// - Parameters:
  ///   - worker: loads users and posts.
  ///   - presenter: receives results; held weakly.
  public init(worker: any ProfileFetching, presenter: (any ProfilePresentationLogic)?) {
    self.worker = worker
    self.presenter = presenter
  }

  /// Cancels the previous load and starts a new one in an unstructured task.
  ///
  /// - Note: returns as soon as the load has started, not when it is shown.
  public func fetchProfile(request: ProfileRequest) async {
    loadingTask?.cancel()
    currentRequest = request

    let worker = self.worker
    loadingTask = Task {
      do {
        async let user = worker.fetchUser(id: request.userId)
        async let posts = worker.fetchPosts(userId: Int(request.userId) ?? 0)

        let (fetchedUser, fetchedPosts) = try await (user, posts)

        guard !Task.isCancelled else { return }

        let response = ProfileResponse(request: request, user: fetchedUser, posts: fetchedPosts)
        presenter?.presentProfile(response: response)
      } catch is CancellationError {
        // The guide ignores cancellations of this one type only.
      } catch {
        presenter?.presentError(error: error, request: request)
      }
    }
  }
}
