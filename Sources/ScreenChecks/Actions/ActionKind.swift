/// What the user does to a screen that reloads.
///
/// Each kind has the letter that names it in a schedule string: `t2` is the
/// second action, a load (a tap on "refresh" in the profile scene); `q1`
/// types the first query; `c3` clears it; `n2` asks for the next page; `a3`
/// taps "Try again".
public enum ActionKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Load, or tap "refresh": the screen loads anew (`t`).
  case load
  /// Pull to refresh (`r`).
  case refresh
  /// Type a query; the checker chooses the text, a different one each time (`q`).
  case type
  /// Clear the query (`c`).
  case clear
  /// Load the next page of the list on screen: the current query's, or the
  /// newest refresh's (`n`).
  case nextPage = "next-page"
  /// Tap "Try again": repeat the newest action's request (`a`). Its calls
  /// and answers are its own, and it starts a new generation: the retry's
  /// answer is the one that wins.
  case retry

  /// The letter of the kind in a schedule string.
  public var token: Character {
    switch self {
    case .load: "t"
    case .refresh: "r"
    case .type: "q"
    case .clear: "c"
    case .nextPage: "n"
    case .retry: "a"
    }
  }

  /// The kind whose letter is `token`, if any.
  public init?(token: Character) {
    guard let kind = Self.allCases.first(where: { $0.token == token }) else { return nil }
    self = kind
  }

  /// Whether the action starts a new generation of results: everything but
  /// ``nextPage``, which continues the current one.
  public var startsGeneration: Bool { self != .nextPage }

  /// Whether the action asks the screen to load something (a clear does not).
  public var loads: Bool { self != .clear }

  /// Whether a trial may start with the action: one that loads, and needs
  /// nothing loaded before it (a next page and a retry do).
  public var mayComeFirst: Bool { loads && self != .nextPage && self != .retry }

  /// `load`, `refresh`, `type`, `clear`, `next-page` or `retry`.
  public var description: String { rawValue }
}
