import MockNetwork

/// One transport request of a trial, named by what it asks for rather than by
/// arrival order: `u2` is the user request of tap 2, `p1` the posts request of
/// tap 1, `u1#2` the second user request of tap 1.
///
/// Arrival order is not stable between runs (the two fetches of a tap start
/// concurrently), so the checker never names a request by its number.
public struct RequestLabel: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The endpoint.
  public var route: MockRoute
  /// The tap whose user id the request carries.
  public var tap: Int
  /// 1 for the first request of this route and tap, 2 for the second, …
  public var ordinal: Int

  /// Creates a label.
  public init(route: MockRoute, tap: Int, ordinal: Int = 1) {
    self.route = route
    self.tap = tap
    self.ordinal = ordinal
  }

  /// Orders by tap, then user before posts, then ordinal.
  public static func < (lhs: RequestLabel, rhs: RequestLabel) -> Bool {
    (lhs.tap, lhs.routeRank, lhs.ordinal) < (rhs.tap, rhs.routeRank, rhs.ordinal)
  }

  private var routeRank: Int { MockRoute.allCases.firstIndex(of: route)! }

  /// `u2`, `p1`, `u1#2`, `x1` for another route.
  public var description: String {
    let letter =
      switch route {
      case .user: "u"
      case .posts: "p"
      case .other: "x"
      }
    return ordinal == 1 ? "\(letter)\(tap)" : "\(letter)\(tap)#\(ordinal)"
  }
}

/// One choice the checker makes in a systematic trial.
public enum ScheduleStep: Sendable, Hashable, CustomStringConvertible {
  /// Tap "refresh" (the `n`-th tap) while the scene is settled: `t2`.
  case tap(Int)
  /// Let a parked request answer, naturally (`u1`) or with HTTP 500 (`u1f`).
  case release(RequestLabel, failing: Bool)
  /// Tap "refresh" (the `n`-th tap) on the main actor just before the
  /// `occurrence`-th presentation for request `request` is shown, as a tap
  /// queued ahead of that presentation would: `t2@1`, `t3@2#2`.
  case tapBeforePresentation(tap: Int, request: Int, occurrence: Int)
  /// Hold the `occurrence`-th presentation for request `request` as it
  /// reaches the main actor, so that later presentations overtake it, as a
  /// presentation whose hop was delayed would be overtaken: `h1`, `h1#2`.
  case holdPresentation(request: Int, occurrence: Int)
  /// Show a held presentation, with the scene settled: `s1`, `s1#2`.
  case showHeldPresentation(request: Int, occurrence: Int)

  /// The token of the step in a schedule string.
  public var description: String {
    switch self {
    case .tap(let tap):
      "t\(tap)"
    case .release(let label, let failing):
      failing ? "\(label)f" : "\(label)"
    case .tapBeforePresentation(let tap, let request, let occurrence):
      occurrence == 1 ? "t\(tap)@\(request)" : "t\(tap)@\(request)#\(occurrence)"
    case .holdPresentation(let request, let occurrence):
      occurrence == 1 ? "h\(request)" : "h\(request)#\(occurrence)"
    case .showHeldPresentation(let request, let occurrence):
      occurrence == 1 ? "s\(request)" : "s\(request)#\(occurrence)"
    }
  }
}
