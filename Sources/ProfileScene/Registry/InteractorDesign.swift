/// What a registered interactor claims, which decides how the suites grade
/// its forbidden outcomes.
public enum InteractorDesign: String, Sendable, Hashable, CustomStringConvertible {
  /// It claims the corrected scene's contract: behind the latest-request-only
  /// view, the user only ever sees the latest request's result. A forbidden
  /// outcome there is an invariant violation, and `bench` exits 1.
  case corrected
  /// It is being studied, like the guide's seed: its forbidden outcomes are
  /// findings, reported with a replay string each, and do not fail the run.
  case underStudy = "under-study"

  /// `corrected` or `under-study`.
  public var description: String { rawValue }
}
