import ProfileScene

/// Mutant: the corrected interactor presenting its profile from a detached
/// task instead of awaiting the presentation.
///
/// The presentation leaves the work the tap started: nothing can await it,
/// cancel it or order it after the tap's other work, and `fetchProfile`
/// returns before the profile is on screen. Caught as a display outside the
/// tap's tasks, and the last request counts as lost.
package actor PresentsFromDetachedTaskInteractor: ProfileBusinessLogic {
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
      let presenter = self.presenter
      // Flaw: a detached task drops the tap's task, its cancellation and its order.
      Task.detached { await presenter?.presentProfile(response: response) }
    } catch {
      guard isCurrent(request), !error.isCancellation else { return }
      await presenter?.presentError(error: error, request: request)
    }
  }

  private func isCurrent(_ request: ProfileRequest) -> Bool {
    !Task.isCancelled && newestRequest == request.id
  }
}
