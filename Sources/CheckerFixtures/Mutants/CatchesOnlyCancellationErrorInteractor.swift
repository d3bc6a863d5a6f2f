import ProfileScene

/// Mutant: the corrected interactor with the guide's error handling,
/// `catch is CancellationError {}` then present any other error.
///
/// URLSession reports cancellation as `URLError(.cancelled)`, which this
/// presents as an error. Caught with the `url-session` cancellation style.
package actor CatchesOnlyCancellationErrorInteractor: ProfileBusinessLogic {
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
      let response = try await fetchBothParts(request, with: worker)
      guard isCurrent(request) else { return }
      await presenter?.presentProfile(response: response)
    } catch is CancellationError {
      // Flaw: only this one type counts as a cancellation.
    } catch {
      await presenter?.presentError(error: error, request: request)
    }
  }

  private func isCurrent(_ request: ProfileRequest) -> Bool {
    !Task.isCancelled && newestRequest == request.id
  }
}
