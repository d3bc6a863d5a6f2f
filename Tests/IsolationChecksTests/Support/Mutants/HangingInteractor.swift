import ProfileScene

/// Bad input: an interactor whose `fetchProfile` never returns and never
/// presents (it waits on a stream nobody finishes).
actor HangingInteractor: ProfileBusinessLogic {
  private let never = AsyncStream<Void>.makeStream()

  init() {}

  func fetchProfile(request: ProfileRequest) async {
    for await _ in never.stream {}
  }
}
