/// What the user saw after acting again and again, as one word.
///
/// The checker classifies every trial into exactly one outcome, by this
/// precedence (the first that applies wins):
///
/// 1. ``wrongProfile``, ``wrongResults``: results shown under another
///    request's label.
/// 2. ``spuriousError``: a cancellation was shown to the user as an error.
/// 3. ``refilled``: after the query was cleared, an earlier query's results appeared.
/// 4. ``foreignPage``: a page of another query shown among the current query's results.
/// 5. ``staleFinal``: the screen ended on an older request's result.
/// 6. ``lost``: the last request's result never reached the screen.
/// 7. ``spinnerStuck``: the loading indicator stayed on once everything had settled.
/// 8. ``staleFlash``: an older request's result was shown after a later
///    action, but the screen ended on the last request's.
/// 9. ``spinnerOff``: the loading indicator was off while the newest load ran.
/// 10. ``pageOrder``: the current query's pages out of order, or one twice.
/// 11. ``duplicate``: the last request's result was shown more than once.
/// 12. ``latestOnly``: none of the above.
///
/// The precedence puts a screen that mislabels what it shows first (no view
/// policy can protect the user from it), then what the user is left with (an
/// error message that should not exist, results of something they cleared or
/// replaced, the wrong results, nothing, a spinner that never stops), and a
/// passing glitch after. Every outcome that applies to a trial is still kept
/// in ``ScreenVerdict/observed``, so a lower one is never hidden from a
/// report that asks for it. Which outcomes a table lists is its contract's
/// choice (``ScreenContract/outcomes``): the profile scene's tables list the
/// first seven of ``tableOrder``.
public enum ScreenOutcome: String, Sendable, Hashable, CaseIterable, Comparable,
  CustomStringConvertible
{
  // The cases are declared in table order: `allCases` is the table's order.

  /// After the last action, only the last request's result (its content, or
  /// its genuine error) was shown, once.
  case latestOnly
  /// The last request's result was shown more than once.
  case duplicate
  /// An older request's result or error was shown after a later action; the
  /// final screen is the last request's.
  case staleFlash
  /// The last request's result never reached the screen (also: the screen
  /// never became quiescent, or showed it only from outside the work the
  /// action started).
  case lost
  /// The final screen is not the last request's result.
  case staleFinal
  /// A cancellation was shown to the user as an error.
  case spuriousError
  /// A profile was shown whose content (the user's name, email and posts) is
  /// not that of the request it was labelled with: an interactor attached the
  /// wrong request to a response, so the view's own checks were fooled.
  case wrongProfile
  /// Results were shown whose content is not that of the request the screen
  /// says they belong to (``ScreenSnapshot/label``): stored under the wrong
  /// key; or a value derived from them (``DerivedValue``: a count, a badge)
  /// was shown out of step with them.
  case wrongResults
  /// The loading indicator was off while the newest action's load was in flight.
  case spinnerOff
  /// The loading indicator was still on once every load had ended and the
  /// screen had settled.
  case spinnerStuck
  /// After the query was cleared, results of an earlier query appeared.
  case refilled
  /// Results mixed the pages of two generations: a page of an older query,
  /// or of the list before a refresh, was appended to the newest one's
  /// results (or the other way round).
  case foreignPage
  /// The current query's pages were shown out of the order they were asked
  /// for, or one of them twice.
  case pageOrder

  /// Outcomes in table order: the expected one first, then the profile
  /// scene's six, then those of the loading, clearing and paging contracts.
  /// The order the cases are declared in, so that a new outcome has a place
  /// in every table without another list to keep.
  public static var tableOrder: [ScreenOutcome] { allCases }

  /// Outcomes from most to least severe: the classification precedence.
  public static let precedence: [ScreenOutcome] = allCases.sorted { $0.severity > $1.severity }

  /// How severe the outcome is: a trial is classified by its most severe
  /// one. Written as a switch, so that a new outcome cannot be left out.
  var severity: Int {
    switch self {
    case .wrongProfile: 13
    case .wrongResults: 12
    case .spuriousError: 11
    case .refilled: 10
    case .foreignPage: 9
    case .staleFinal: 8
    case .lost: 7
    case .spinnerStuck: 6
    case .staleFlash: 5
    case .spinnerOff: 4
    case .pageOrder: 3
    case .duplicate: 2
    case .latestOnly: 1
    }
  }

  /// `latest-only`, `stale-flash`, `stale-final`, `lost`, `spurious-error`,
  /// `duplicate`, `wrong-profile`, `wrong-results`, `spinner-off`,
  /// `spinner-stuck`, `refilled`, `foreign-page`, `page-order`.
  public var description: String {
    switch self {
    case .latestOnly: "latest-only"
    case .staleFlash: "stale-flash"
    case .staleFinal: "stale-final"
    case .lost: "lost"
    case .spuriousError: "spurious-error"
    case .duplicate: "duplicate"
    case .wrongProfile: "wrong-profile"
    case .wrongResults: "wrong-results"
    case .spinnerOff: "spinner-off"
    case .spinnerStuck: "spinner-stuck"
    case .refilled: "refilled"
    case .foreignPage: "foreign-page"
    case .pageOrder: "page-order"
    }
  }

  /// The outcome named `name` (its ``description``), if any.
  public init?(named name: String) {
    guard let outcome = Self.allCases.first(where: { $0.description == name }) else { return nil }
    self = outcome
  }

  /// Orders outcomes as ``tableOrder`` lists them.
  public static func < (lhs: ScreenOutcome, rhs: ScreenOutcome) -> Bool {
    let order = allCases
    return (order.firstIndex(of: lhs) ?? order.endIndex) < (order.firstIndex(of: rhs) ?? order.endIndex)
  }
}
