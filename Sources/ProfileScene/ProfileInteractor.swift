/// The corrected interactor: the guide's design with each flaw the harness
/// finds removed.
///
/// - The two fetches still overlap, in a task group rather than `async let`,
///   so that the first failure of either is presented as soon as it happens
///   and the other fetch is cancelled.
/// - The previous load is cancelled before anything else happens on this
///   actor; no `await` comes before the cancellation (an `await` there would
///   let a later call run first on the reentrant actor).
/// - A request older than the newest one this actor has seen is superseded
///   on arrival, so taps that reach the actor out of order cannot resurrect
///   an old profile.
/// - A cancellation is never shown as an error, whether it arrives as
///   `CancellationError` or as `URLError(.cancelled)`, and nothing is
///   presented for a superseded load.
/// - A non-numeric user id is rejected before any request is sent.
/// - ``fetchProfile(request:)`` returns once its load has been presented or
///   superseded, so callers can await it.
///
/// What this actor cannot do alone: withdraw a presentation already queued on
/// the main actor when the user taps again. That guarantee needs
/// ``ViewPolicy/latestRequestOnly``; the corrected scene pairs the two.
public actor ProfileInteractor: ProfileBusinessLogic {
  /// The presenter, held weakly as in the guide.
  public weak var presenter: (any ProfilePresentationLogic)?
  private let worker: any ProfileFetching

  private var newestRequest: RequestID?
  private var loadingTask: Task<Void, Never>?

  /// Creates the corrected interactor.
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
      await presenter?.presentProfile(response: response)
    } catch {
      guard isCurrent(request), !error.isCancellation else { return }
      await presenter?.presentError(error: error, request: request)
    }
  }

  private func isCurrent(_ request: ProfileRequest) -> Bool {
    !Task.isCancelled && newestRequest == request.id
  }

  private func fetch(_ request: ProfileRequest) async throws -> ProfileResponse {
    try await ProfileFetchGroup.fetch(request, from: worker)
  }
}
