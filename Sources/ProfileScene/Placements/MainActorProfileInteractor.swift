/// The corrected interactor's logic, isolated to the main actor instead of
/// an actor of its own: the "everything on `@MainActor`" scene.
///
/// It behaves as ``ProfileInteractor`` does, step for step: the previous load
/// is cancelled first, an older request is superseded on arrival, the user
/// and the posts are fetched concurrently in a task group, a cancellation is
/// never shown as an error, and ``fetchProfile(request:)`` returns once its
/// load has been presented or superseded. Only the isolation differs: its
/// bookkeeping runs on the main actor, and it calls the presenter without a
/// hop.
///
/// Where the decoding runs is the worker's choice, not this type's: with
/// ``MainActorProfileWorker`` it runs on the main actor, as in an app whose
/// every layer is `@MainActor`; with ``ProfileWorker`` it does not.
@MainActor
public final class MainActorProfileInteractor: ProfileBusinessLogic {
  /// The presenter, held weakly as in the guide.
  public weak var presenter: (any ProfilePresentationLogic)?
  private let worker: any ProfileFetching

  private var newestRequest: RequestID?
  private var loadingTask: Task<Void, Never>?

  /// Creates the interactor.
  /// - Parameters:
  ///   - worker: loads users and posts.
  ///   - presenter: receives results; held weakly.
  public init(worker: any ProfileFetching, presenter: (any ProfilePresentationLogic)?) {
    self.worker = worker
    self.presenter = presenter
  }

  /// Loads `request`'s profile, cancelling any load it supersedes.
  ///
  /// - Note: returns once this load has been presented or superseded.
  public func fetchProfile(request: ProfileRequest) async {
    if let newestRequest, request.id < newestRequest { return }
    newestRequest = request.id
    loadingTask?.cancel()
    let task = Task { await self.load(request) }
    loadingTask = task
    await task.value
  }

  private func load(_ request: ProfileRequest) async {
    do {
      let response = try await fetch(request)
      guard isCurrent(request) else { return }
      presenter?.presentProfile(response: response)
    } catch {
      guard isCurrent(request), !error.isCancellation else { return }
      presenter?.presentError(error: error, request: request)
    }
  }

  private func isCurrent(_ request: ProfileRequest) -> Bool {
    !Task.isCancelled && newestRequest == request.id
  }

  private func fetch(_ request: ProfileRequest) async throws -> ProfileResponse {
    try await ProfileFetchGroup.fetch(request, from: worker)
  }
}
