import ProfileScene

/// Bad input: an interactor on the main actor whose `fetchProfile` never
/// returns and never presents (it waits on a stream nobody finishes, until
/// ``release()``).
@MainActor
package final class HangingMainActorInteractor: ProfileBusinessLogic {
  private let never = AsyncStream<Void>.makeStream()

  package init() {}

  package func fetchProfile(request: ProfileRequest) async {
    for await _ in never.stream {}
  }

  /// Lets every hung `fetchProfile` return, once the test has seen it hang,
  /// so that no task outlives the test (a suspended task kept until exit
  /// is what LeakSanitizer reports as a leak).
  package func release() {
    never.continuation.finish()
  }
}
