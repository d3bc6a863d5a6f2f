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

  /// Creates a record.
  public init(index: Int, kind: ActionKind, value: String, generation: Int, time: ContinuousClock.Instant) {
    self.index = index
    self.kind = kind
    self.value = value
    self.generation = generation
    self.time = time
  }

  /// `q2 "q2"`, `t1`, `c3 ""`.
  public var description: String {
    switch kind {
    case .type, .clear: "\(kind.token)\(index) \"\(value)\""
    default: "\(kind.token)\(index)"
    }
  }
}
