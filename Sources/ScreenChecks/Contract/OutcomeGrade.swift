/// How an outcome is judged, as jcstress judges one: expected, worth a look,
/// or a broken guarantee.
public enum OutcomeGrade: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// The outcome the scene promises.
  case acceptable
  /// Allowed, but worth reporting (a flicker the user might notice).
  case interesting
  /// A broken guarantee.
  case forbidden

  /// `acceptable`, `interesting` or `forbidden`.
  public var description: String { rawValue }
}
