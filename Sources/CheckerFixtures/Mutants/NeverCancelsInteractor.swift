import ProfileScene

/// Mutant: the corrected interactor without `loadingTask?.cancel()`.
///
/// Its newest-request guard still keeps old profiles off the screen, so the
/// display log looks right; the superseded requests keep running. Caught by
/// ``ResourceCheck/supersededRequestCancelled``.
package actor NeverCancelsInteractor: ProfileBusinessLogic {
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
    // Flaw: the previous load is not cancelled.
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
