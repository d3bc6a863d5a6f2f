import ProfileScene

/// Bad input: an interactor whose `fetchProfile` returns at once and never
/// presents anything.
actor NeverPresentsInteractor: ProfileBusinessLogic {
  func fetchProfile(request: ProfileRequest) async {}
}
