import MockNetwork
import ProfileScene
import ScreenChecks

extension RefetchClassifier {
  /// Grades a view controller's log from a run the checker did not drive,
  /// such as taps made over a real network, with the same rules as the
  /// checker's own trials.
  ///
  /// Every event counts as inside a tap's work: outside the checker nothing
  /// marks which task showed it. A request genuinely failed when one of its
  /// transport requests did (see ``genuinelyFailedRequests(log:requests:)``);
  /// an error shown for any other request, or with a cancellation's message,
  /// is a spurious error.
  ///
  /// - Parameters:
  ///   - log: the view controller's log, taps included, in main-actor order.
  ///   - requests: every transport request the taps made, as a
  ///     `RecordingTransport` or `MockTransport` recorded them.
  ///   - quiescent: whether the scene's work finished within the caller's bound.
  ///   - expectedContent: what each user's profile shows, by user id, so that
  ///     a profile is attributed to the user it shows (see
  ///     ``Input/expectedContent``); empty (grading by label) by default.
  /// - Returns: the primary outcome and every outcome that applied.
  public static func classify(
    log: [ViewEvent], requests: [RequestRecord], quiescent: Bool, expectedContent: [String: ProfileContent] = [:]
  ) -> ScreenVerdict {
    classify(
      Input(
        log: log.map { ObservedViewEvent($0) },
        failedRequests: genuinelyFailedRequests(log: log, requests: requests),
        quiescent: quiescent, expectedContent: expectedContent))
  }

  /// The taps whose loads genuinely failed: a transport request for the tap's
  /// user answered with a status outside 200…299, or ended in an error other
  /// than a cancellation.
  ///
  /// A transport request names its tap by user id, so give each tap its own
  /// user: when two taps ask for the same user, a failure counts for both.
  ///
  /// - Parameters:
  ///   - log: the view controller's log; its taps map user ids to requests.
  ///   - requests: the transport's records.
  /// - Returns: the identities of the taps whose loads genuinely failed.
  public static func genuinelyFailedRequests(log: [ViewEvent], requests: [RequestRecord]) -> Set<RequestID> {
    let failedUsers = Set(
      requests.compactMap { record -> Int? in
        switch record.outcome {
        case .completed(let status) where !(200..<300).contains(status): record.userID
        case .failed: record.userID
        case .completed, .cancelled, .inFlight: nil
        }
      })
    return Set(
      log.compactMap { event -> RequestID? in
        guard case .tapped(let request) = event, let user = Int(request.userId), failedUsers.contains(user) else {
          return nil
        }
        return request.id
      })
  }
}
