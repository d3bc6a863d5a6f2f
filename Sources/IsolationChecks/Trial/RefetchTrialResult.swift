import MockNetwork
import ProfileScene

/// Everything the checker recorded of one trial, and its grading.
public struct RefetchTrialResult: Sendable {
  /// The choices of a systematic trial, or the schedule derived from a stress
  /// trial (when one reproduced it); replaying it reproduces the outcome.
  public var schedule: RefetchSchedule?
  /// The trial's outcome.
  public var verdict: RefetchVerdict
  /// The resource checks that failed.
  public var failedChecks: Set<ResourceCheck>
  /// The view controller's log.
  public var log: [ObservedViewEvent]
  /// Every presentation the interactor made, in main-actor order.
  public var presentations: [PresentationRecord]
  /// Every transport request.
  public var requests: [RequestRecord]
  /// When each tap was made.
  public var tapTimes: [ContinuousClock.Instant]
  /// Whether the taps' work finished within the bound.
  public var quiescent: Bool
  /// Requests still in flight when the taps' work had finished.
  public var leftInFlight: Int
  /// Whether a systematic trial left the path it was meant to follow (a
  /// nondeterministic scene, or a replay that did not fit the scene).
  public var diverged: Bool
  /// How many times the settler fell back to a quiet window.
  public var quietSettles: Int
  /// Why the trial did not become quiescent, when it did not: which wait
  /// ran out, after which steps.
  public var unsettledReason: String?

  /// The display log and the transport's records, one per line, for `--replay`.
  public var transcript: String {
    var lines: [String] = []
    if let schedule { lines.append("schedule: \(schedule)") }
    lines.append("outcome:  \(verdict)")
    if !failedChecks.isEmpty {
      lines.append(
        "checks:   "
          + failedChecks.sorted { $0.rawValue < $1.rawValue }.map(\.failureDescription).joined(
            separator: ", "))
    }
    if !quiescent {
      lines.append("the scene did not become quiescent: \(unsettledReason ?? "a wait ran out")")
    }
    if diverged { lines.append("warning: the trial left the schedule's path") }
    if quietSettles > 0 { lines.append("settled by a quiet window (timing) \(quietSettles) times") }
    lines.append("view log (main-actor order):")
    lines.append(contentsOf: log.map { "  \($0)" })
    lines.append("transport:")
    let labels = RequestLabels(requests)
    lines.append(
      contentsOf: requests.map { record in
        "  #\(record.id) \(labels[record.id].map(String.init(describing:)) ?? "?") \(record.route)(user \(record.userID.map(String.init) ?? "-")) \(record.outcome)"
      })
    return lines.joined(separator: "\n")
  }
}
