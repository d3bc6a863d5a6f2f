import ProfileScene

/// Mutant: the corrected interactor labelling its response with the request
/// that is current when the fetch returns, `ProfileResponse(request:
/// currentRequest, …)` read after the `await`, and relying on cancellation
/// alone to stop a superseded load.
///
/// An answer already on the wire when the user tapped again arrives after
/// the later tap reached the actor: the older user's profile goes out
/// labelled as the newest request, and a view that checks labels lets it
/// through. Graded by label it looks like the latest profile shown twice (a
/// duplicate); graded by content it is the wrong user's profile. Caught with
/// late responses.
package actor LabelsAfterTheAwaitInteractor: ProfileBusinessLogic {
  package weak var presenter: (any ProfilePresentationLogic)?
  private let worker: any ProfileFetching
  private var currentRequest: ProfileRequest?
  private var loadingTask: Task<Void, Never>?

  package init(worker: any ProfileFetching, presenter: (any ProfilePresentationLogic)?) {
    self.worker = worker
    self.presenter = presenter
  }

  package func fetchProfile(request: ProfileRequest) async {
    if let currentRequest, request.id < currentRequest.id { return }
    currentRequest = request
    loadingTask?.cancel()
    let task = Task { await self.load(request) }
    loadingTask = task
    await task.value
  }

  private func load(_ request: ProfileRequest) async {
    do {
      let fetched = try await fetchBothParts(request, with: worker)
      // Flaw: the label is whatever request is current now, after the await.
      guard let current = currentRequest else { return }
      await presenter?.presentProfile(
        response: ProfileResponse(request: current, user: fetched.user, posts: fetched.posts))
    } catch {
      guard !Task.isCancelled, currentRequest == request, !error.isCancellation else { return }
      await presenter?.presentError(error: error, request: request)
    }
  }
}
