/// What the caller expects of a scene: a grade for every outcome and for every
/// resource check.
///
/// ``contract`` is the outcome table of docs/refetch-cancel.md, the guarantee the corrected scene
/// makes. A caller checking a scene with known flaws can state them, for
/// example ``contract`` with `staleFlash` graded ``OutcomeGrade/interesting``.
public struct ScreenExpectation: Sendable, Hashable {
  /// The grade of each outcome.
  public var outcomes: [ScreenOutcome: OutcomeGrade]
  /// The grade of each resource check that fails.
  public var checks: [ResourceCheck: OutcomeGrade]

  /// Creates an expectation; outcomes and checks not listed are ``OutcomeGrade/forbidden``.
  /// - Parameters:
  ///   - outcomes: grades by outcome.
  ///   - checks: grades of failed resource checks.
  public init(
    outcomes: [ScreenOutcome: OutcomeGrade] = [:], checks: [ResourceCheck: OutcomeGrade] = [:]
  ) {
    self.outcomes = outcomes
    self.checks = checks
  }

  /// Latest-only is acceptable, a duplicate interesting, everything else
  /// forbidden; every resource check must pass.
  public static let contract = ScreenExpectation(
    outcomes: [.latestOnly: .acceptable, .duplicate: .interesting])

  /// The grade of `outcome`.
  public func grade(_ outcome: ScreenOutcome) -> OutcomeGrade {
    outcomes[outcome] ?? .forbidden
  }

  /// The grade of a failure of `check`.
  public func grade(_ check: ResourceCheck) -> OutcomeGrade {
    checks[check] ?? .forbidden
  }

  /// This expectation with `outcome` graded `grade`.
  public func grading(_ outcome: ScreenOutcome, as grade: OutcomeGrade) -> ScreenExpectation {
    var copy = self
    copy.outcomes[outcome] = grade
    return copy
  }

  /// This expectation with failures of `check` graded `grade`.
  public func grading(_ check: ResourceCheck, as grade: OutcomeGrade) -> ScreenExpectation {
    var copy = self
    copy.checks[check] = grade
    return copy
  }
}
