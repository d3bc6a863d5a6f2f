/// What the view controller does with a presentation that arrives for a
/// request older than the last tap.
///
/// Why this lives on the main actor: with the guide's view controller
/// (`Task { await interactor.fetchProfile(request) }`), a presentation can be
/// already queued on the main actor when the user taps again. The interactor
/// learns of the tap only when the tap's `Task` reaches its actor, which is
/// after the queued presentation has run. No interactor, however careful,
/// can withdraw a job already queued on the main actor; only state that the
/// tap sets synchronously on the main actor, checked where the display
/// happens, can refuse it.
public enum ViewPolicy: String, Sendable, CaseIterable, CustomStringConvertible {
  /// Display whatever the presenter delivers, as the guide's view controller
  /// does. Named `seed` in results, replay strings and on the command line.
  case guide = "seed"
  /// Drop any profile or error whose request is older than the last tap.
  case latestRequestOnly

  /// The policy's name as it appears in results: `seed`, `latest-request-only`.
  public var description: String {
    switch self {
    case .guide: "seed"
    case .latestRequestOnly: "latest-request-only"
    }
  }
}
