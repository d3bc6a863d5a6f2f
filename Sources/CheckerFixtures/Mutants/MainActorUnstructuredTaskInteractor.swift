import ProfileScene

/// Mutant: a main-actor interactor in the shape of public VIP sample apps:
/// `fetchProfile` starts an unstructured `Task` per call and keeps no handle
/// to it, so nothing cancels a superseded load, and presents whatever
/// arrives.
///
/// Every load runs to its end; an older profile that arrives after a later
/// tap is shown (the latest-request-only view hides it; the guide's view
/// does not). Caught as a superseded request not cancelled, and as stale
/// flashes behind the guide's view.
@MainActor
package final class MainActorUnstructuredTaskInteractor: ProfileBusinessLogic {
  package weak var presenter: (any ProfilePresentationLogic)?
  private let worker: any ProfileFetching

  package init(worker: any ProfileFetching, presenter: (any ProfilePresentationLogic)?) {
    self.worker = worker
    self.presenter = presenter
  }

  package func fetchProfile(request: ProfileRequest) async {
    let worker = self.worker
    // Flaw: fire and forget; no handle, no cancellation.
    Task {
      do {
        let response = try await fetchBothParts(request, with: worker)
        presenter?.presentProfile(response: response)
      } catch {
        guard !error.isCancellation else { return }
        presenter?.presentError(error: error, request: request)
      }
    }
  }
}
