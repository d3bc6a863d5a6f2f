import IsolationChecks
import MockNetwork
import ProfileScene

/// The outcome table of one scene's stress trials over real HTTP: the
/// `stress-http` rows of `refetch-cancel.csv`.
struct RefetchHTTPStressRun: Sendable {
  /// The value of the CSV's `mode` column.
  static let mode = "stress-http"

  /// The scene.
  var variant: RefetchHTTPVariant
  /// The seed the trials' tap gaps derived from.
  var seed: UInt64
  /// The longest pause between two taps.
  var maxTapGap: Duration
  /// The grades: the corrected scene's contract, as for the mock's rows.
  var expectation = RefetchExpectation.contract
  /// How many trials ran.
  var trials = 0
  /// Trials by primary outcome.
  var counts: [RefetchOutcome: Int] = [:]
  /// Trials that did not become quiescent within the bound (counted as lost).
  var notSettled = 0
  /// Transport requests made.
  var requests = 0
  /// Transport requests that ended cancelled.
  var cancelledRequests = 0
  /// Transport requests that genuinely failed (a status outside 2xx, or an error).
  var failedRequests = 0
  /// The first trial of each outcome other than latest-only.
  var examples: [RefetchOutcome: RefetchHTTPTrial] = [:]
  /// How long the trials took.
  var elapsed: Duration = .zero

  /// Trials whose primary outcome was `outcome`.
  func count(_ outcome: RefetchOutcome) -> Int { counts[outcome] ?? 0 }

  /// The share of trials whose primary outcome was `outcome`, from 0 to 1.
  func frequency(_ outcome: RefetchOutcome) -> Double {
    trials == 0 ? 0 : Double(count(outcome)) / Double(trials)
  }

  /// The grade of `outcome`.
  func grade(_ outcome: RefetchOutcome) -> OutcomeGrade { expectation.grade(outcome) }

  /// Trials with a forbidden primary outcome.
  var forbiddenTrials: Int {
    RefetchOutcome.allCases.filter { grade($0) == .forbidden }.reduce(0) { $0 + count($1) }
  }

  /// Adds one trial.
  mutating func add(_ trial: RefetchHTTPTrial) {
    trials += 1
    counts[trial.verdict.outcome, default: 0] += 1
    if !trial.settled { notSettled += 1 }
    requests += trial.requests.count
    for record in trial.requests {
      switch record.outcome {
      case .cancelled: cancelledRequests += 1
      case .failed: failedRequests += 1
      case .completed(let status) where !(200..<300).contains(status): failedRequests += 1
      case .completed, .inFlight: break
      }
    }
    if trial.verdict.outcome != .latestOnly, examples[trial.verdict.outcome] == nil {
      examples[trial.verdict.outcome] = trial
    }
  }
}
