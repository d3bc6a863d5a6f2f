/// What the user saw after tapping "refresh" several times, as one word.
///
/// The checker classifies every trial into exactly one outcome, by this
/// precedence (the first that applies wins):
///
/// 1. ``wrongProfile``: a profile was shown under another request's label.
/// 2. ``spuriousError``: a cancellation was shown to the user as an error.
/// 3. ``staleFinal``: the screen ended on an older request's result.
/// 4. ``lost``: the last request's result never reached the screen.
/// 5. ``staleFlash``: an older request's result was shown after a later tap,
///    but the screen ended on the last request's.
/// 6. ``duplicate``: the last request's result was shown more than once.
/// 7. ``latestOnly``: none of the above.
///
/// The precedence puts a scene that mislabels what it shows first (no view
/// policy can protect the user from it), then what the user is left with (an
/// error message that should not exist, the wrong profile, nothing), and a
/// passing glitch after. Every outcome that applies to a trial is still kept in
/// ``RefetchVerdict/observed``, so a lower one is never hidden from a report
/// that asks for it.
public enum RefetchOutcome: String, Sendable, Hashable, CaseIterable, Comparable,
  CustomStringConvertible
{
  /// After the last tap, only the last request's result (its profile, or its
  /// genuine error) was shown, once.
  case latestOnly
  /// An older request's profile or error was shown after a later tap; the
  /// final screen is the last request's.
  case staleFlash
  /// The final screen is not the last request's result.
  case staleFinal
  /// The last request's result never reached the screen (also: the scene never
  /// became quiescent, or showed it only from outside the work the tap started).
  case lost
  /// A cancellation was shown to the user as an error.
  case spuriousError
  /// The last request's result was shown more than once.
  case duplicate
  /// A profile was shown whose content (the user's name, email and posts) is
  /// not that of the request it was labelled with: an interactor attached the
  /// wrong request to a response, so the view's own checks were fooled.
  case wrongProfile

  /// Outcomes in table order: the expected one first, then by severity.
  public static let tableOrder: [RefetchOutcome] = [
    .latestOnly, .duplicate, .staleFlash, .lost, .staleFinal, .spuriousError, .wrongProfile,
  ]

  /// Outcomes from most to least severe: the classification precedence.
  public static let precedence: [RefetchOutcome] = [
    .wrongProfile, .spuriousError, .staleFinal, .lost, .staleFlash, .duplicate, .latestOnly,
  ]

  /// `latest-only`, `stale-flash`, `stale-final`, `lost`, `spurious-error`,
  /// `duplicate`, `wrong-profile`.
  public var description: String {
    switch self {
    case .latestOnly: "latest-only"
    case .staleFlash: "stale-flash"
    case .staleFinal: "stale-final"
    case .lost: "lost"
    case .spuriousError: "spurious-error"
    case .duplicate: "duplicate"
    case .wrongProfile: "wrong-profile"
    }
  }

  /// Orders outcomes as ``tableOrder`` lists them.
  public static func < (lhs: RefetchOutcome, rhs: RefetchOutcome) -> Bool {
    tableOrder.firstIndex(of: lhs)! < tableOrder.firstIndex(of: rhs)!
  }
}
