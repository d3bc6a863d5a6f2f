/// One event of the profile screen's history, in main-actor order.
public enum ViewEvent: Sendable, Equatable, CustomStringConvertible {
  /// The user tapped "refresh" and `request` was made.
  case tapped(ProfileRequest)
  /// The screen showed a profile.
  case showedProfile(ProfileViewModel)
  /// The screen showed an error message for `request`.
  case showedError(message: String, request: ProfileRequest)
  /// The view policy refused a presentation for an outdated `request`; the
  /// user saw nothing of it.
  case dropped(ProfileRequest)

  /// The request the event concerns.
  public var request: ProfileRequest {
    switch self {
    case .tapped(let request), .dropped(let request), .showedError(_, let request):
      request
    case .showedProfile(let viewModel):
      viewModel.request
    }
  }

  /// Whether the user saw this event on screen (a profile or an error).
  public var isDisplay: Bool {
    switch self {
    case .showedProfile, .showedError: true
    case .tapped, .dropped: false
    }
  }

  /// `tap #1(user 1)`, `profile #1(user 1) "Leanne Graham"`, `error #2(user 1) "…"`, `dropped #1(user 1)`.
  public var description: String {
    switch self {
    case .tapped(let request): "tap \(request)"
    case .showedProfile(let viewModel): "profile \(viewModel.request) \"\(viewModel.displayName)\""
    case .showedError(let message, let request): "error \(request) \"\(message)\""
    case .dropped(let request): "dropped \(request)"
    }
  }
}
