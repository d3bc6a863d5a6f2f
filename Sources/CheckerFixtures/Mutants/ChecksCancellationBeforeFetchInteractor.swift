import ProfileScene

/// Mutant: the corrected interactor checking whether its load is current
/// before the fetch instead of after it.
///
/// A response that arrives after the user tapped again (already on the wire
/// when the load was cancelled) is presented. Caught with late responses and
/// the guide's view, which lets the stale profile through.
package actor ChecksCancellationBeforeFetchInteractor: ProfileBusinessLogic {
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
      // Flaw: the check comes before the fetch; nothing checks after it.
      guard isCurrent(request) else { return }
      let response = try await fetchBothParts(request, with: worker)
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
