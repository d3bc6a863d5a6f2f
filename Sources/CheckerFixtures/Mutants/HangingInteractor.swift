import ProfileScene

/// Bad input: an interactor whose `fetchProfile` never returns and never
/// presents (it waits on a stream nobody finishes, until ``release()``).
package actor HangingInteractor: ProfileBusinessLogic {
  private let never = AsyncStream<Void>.makeStream()

  package init() {}

  package func fetchProfile(request: ProfileRequest) async {
    for await _ in never.stream {}
  }

  /// Lets every hung `fetchProfile` return, once the test has seen it hang,
  /// so that no task outlives the test (a suspended task kept until exit
  /// is what LeakSanitizer reports as a leak).
  package nonisolated func release() {
    never.continuation.finish()
  }
}

/// The hanging interactors a scene made, so that a test can release them.
@MainActor
package final class HangingInteractors {
  private var releases: [() -> Void] = []

  package init() {}

  /// Makes one more, on an actor of its own.
  package func make() -> HangingInteractor {
    let interactor = HangingInteractor()
    releases.append(interactor.release)
    return interactor
  }

  /// Makes one more, isolated to the main actor.
  package func makeOnTheMainActor() -> HangingMainActorInteractor {
    let interactor = HangingMainActorInteractor()
    releases.append(interactor.release)
    return interactor
  }

  /// Releases every one made so far.
  package func releaseAll() {
    for release in releases { release() }
  }
}
