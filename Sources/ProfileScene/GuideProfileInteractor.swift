/// The guide's interactor, as published: kept so that the harness can show
/// what the pattern gets wrong.
///
/// Its flaws are deliberate and measured, not bugs to fix here:
/// - a profile whose presentation is already under way when the user taps
///   again is still shown (stale flash, or stale final screen);
/// - `catch is CancellationError` lets `URLError(.cancelled)`, which
///   URLSession throws on cancellation, through to the presenter as an error;
/// - `try await (user, posts)` waits for `user` before it sees a failure of
///   `posts`, so a fast failure is reported late;
/// - a non-numeric user id fetches the posts of user 0
///   (`Int(request.userId) ?? 0`);
/// - `fetchProfile` returns as soon as the load has started, so callers
///   cannot await it.
///
/// The changes Swift 6 forces, and nothing else:
/// - the presenter is passed to `init` instead of being assigned from the
///   main actor (`interactor.presenter = presenter` does not compile: the
///   property is isolated to this actor);
/// - `ProfilePresentationLogic` refines `Sendable`, or the `await
///   presenter?.presentProfile(…)` below does not compile;
/// - the request is passed to `presentError` and travels in the response, so
///   that the harness can trace each display to its tap (an added argument,
///   no change of behaviour).
public actor GuideProfileInteractor: ProfileBusinessLogic {
  /// The presenter, held weakly as in the guide.
  public weak var presenter: (any ProfilePresentationLogic)?
  private let worker: any ProfileFetching

  private var currentRequest: ProfileRequest?
  private var loadingTask: Task<Void, Never>?

  /// Creates the guide's interactor.
  /// - Parameters:
  ///   - worker: loads users and posts.
  ///   - presenter: receives results; held weakly.
  public init(worker: any ProfileFetching, presenter: (any ProfilePresentationLogic)?) {
    self.worker = worker
    self.presenter = presenter
  }

  /// The request of the last call, as the guide records it (and never reads).
  public var lastRequest: ProfileRequest? { currentRequest }

  /// Cancels the previous load and starts a new one, as the guide does.
  ///
  /// - Note: returns as soon as the load has started, not when it is shown.
  public func fetchProfile(request: ProfileRequest) async {
    loadingTask?.cancel()
    currentRequest = request

    loadingTask = Task {
      do {
        async let user = worker.fetchUser(id: request.userId)
        async let posts = worker.fetchPosts(userId: Int(request.userId) ?? 0)

        let (fetchedUser, fetchedPosts) = try await (user, posts)

        guard !Task.isCancelled else { return }

        let response = ProfileResponse(request: request, user: fetchedUser, posts: fetchedPosts)
        await presenter?.presentProfile(response: response)
      } catch is CancellationError {
        // The guide ignores cancellations of this one type only.
      } catch {
        await presenter?.presentError(error: error, request: request)
      }
    }
  }
}
