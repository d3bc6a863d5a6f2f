/// One action of a trial, as the checker made it.
public struct ActionRecord: Sendable, Hashable, CustomStringConvertible {
  /// 1 for the trial's first action, 2 for the second, …
  public var index: Int
  /// What the user did.
  public var kind: ActionKind
  /// The text the checker chose for it: the query of a ``ActionKind/type``
  /// action, `""` for a clear, the action's number (`"2"`) otherwise.
  public var value: String
  /// The action that started the results this one belongs to: itself,
  /// except for a ``ActionKind/nextPage``, which belongs to the action before it.
  public var generation: Int
  /// When the action was made.
  public var time: ContinuousClock.Instant
  /// Whether the action typed a text the screen is described to ignore
  /// (``ScreenAction/type(texts:ignoring:_:)``): it loads nothing, and is
  /// graded as a clear.
  public var isIgnored: Bool

  /// Creates a record.
  public init(
    index: Int, kind: ActionKind, value: String, generation: Int, time: ContinuousClock.Instant,
    isIgnored: Bool = false
  ) {
    self.index = index
    self.kind = kind
    self.value = value
    self.generation = generation
    self.time = time
    self.isIgnored = isIgnored
  }

  /// Whether the action asks the screen to load something: its kind loads
  /// and its text is not one the screen ignores.
  public var loads: Bool { kind.loads && !isIgnored }

  /// Whether the action leaves the screen with nothing to show: a clear, or
  /// a text the screen ignores.
  public var clears: Bool { kind == .clear || isIgnored }

  /// `q2 "q2"`, `t1`, `c3 ""`, `a4 "q2"`.
  public var description: String {
    switch kind {
    case .type where isIgnored: "\(kind.token)\(index) \"\(value)\" (ignored)"
    case .type, .clear, .retry: "\(kind.token)\(index) \"\(value)\""
    default: "\(kind.token)\(index)"
    }
  }
}
