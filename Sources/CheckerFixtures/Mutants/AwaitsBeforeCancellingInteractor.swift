import ProfileScene

/// Mutant: the corrected interactor awaiting something (here, a check that
/// the user exists) between its newest-request guard and the cancellation of
/// the previous load: the actor-reentrancy trap.
///
/// While one call is suspended, a later call can run to the end on the
/// reentrant actor; when the earlier call resumes it acts on a decision made
/// before the later tap, cancels the newer load and starts its own. The
/// last request is lost. Caught when the two checks answer out of order.
package actor AwaitsBeforeCancellingInteractor: ProfileBusinessLogic {
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
    // Flaw: an await before the state change and the cancellation.
    _ = try? await worker.fetchUser(id: request.userId)
    newestRequest = request.id
    loadingTask?.cancel()
    let task = Task { await self.load(request) }
    loadingTask = task
    await task.value
  }

  private func load(_ request: ProfileRequest) async {
    do {
      let response = try await fetchBothParts(request, with: worker)
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
}
