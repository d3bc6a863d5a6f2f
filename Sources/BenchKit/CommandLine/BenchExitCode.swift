/// The exit status of `bench`, one value per way a run can end.
///
/// When several apply, the process exits with the most severe, in this
/// order: ``internalError``, ``invariantViolated``, ``performanceRegression``,
/// ``tooFewRowsPaired``, ``interrupted``, ``success`` (see ``worse(_:)``).
public enum BenchExitCode: Int32, Sendable, CaseIterable {
  /// Everything ran; no invariant broke and no regression was found.
  case success = 0
  /// A correctness invariant broke: a data race, or a forbidden outcome was seen.
  case invariantViolated = 1
  /// A measurement is worse than its baseline beyond the allowed threshold.
  case performanceRegression = 2
  /// `bench compare` could not judge: no row paired, or fewer than
  /// `--min-paired` of either run's rows did (the runs differ in a parameter).
  case tooFewRowsPaired = 3
  /// The command line was wrong (`EX_USAGE`); nothing ran.
  case usage = 64
  /// The harness itself failed, like a suite throwing or a file not written (`EX_SOFTWARE`).
  case internalError = 70
  /// The run was interrupted with Ctrl-C; what was measured was written, marked `partial=true`.
  case interrupted = 130

  private var severity: Int {
    switch self {
    case .success: 0
    case .interrupted: 1
    case .tooFewRowsPaired: 2
    case .performanceRegression: 3
    case .invariantViolated: 4
    case .usage: 5
    case .internalError: 6
    }
  }

  /// The more severe of this code and `other`.
  /// - Parameter other: another outcome.
  /// - Returns: whichever should decide the exit status.
  public func worse(_ other: BenchExitCode) -> BenchExitCode {
    other.severity > severity ? other : self
  }
}
