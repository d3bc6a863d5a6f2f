import ProfileScene
import ScreenChecks

/// Grades a view controller's log: pure, no clocks, no tasks.
///
/// Taps and displays are both main-actor events, so the order of the log is
/// the order the user experienced. "Older" and "newer" compare request
/// identities, which the view controller assigns at the tap.
///
/// A profile is attributed to the request whose user it shows, not to the
/// request the interactor labelled it with: each tap asks for a different
/// user, and ``Input/expectedContent`` says what each user's profile shows.
/// An error carries no content and is attributed to its label.
///
/// The rules (a trial with `K` taps; the last request is the `K`-th tap's):
/// - wrong profile: a profile whose content is not its label's user's (it is
///   then graded as the request whose user it shows, or as no request at all);
/// - stale: a profile or error of request `r` is shown after the tap of a
///   request newer than `r`;
/// - final screen: the last profile or error shown after the last tap;
///   stale-final when there is one and it is not the last request's;
/// - the last request's result: its profile, or an error when the checker
///   made one of its transport requests fail (a genuine error);
/// - spurious error: an error shown for a request none of whose transport
///   requests was made to fail, or whose message is a cancellation's;
/// - lost: the last request's result was never shown by the work the tap
///   started, or the scene never became quiescent;
/// - duplicate: the last request's result was shown more than once.
public enum RefetchClassifier {
  /// Everything the rules need about one trial.
  public struct Input: Sendable, Equatable {
    /// The view controller's log, in main-actor order.
    public var log: [ObservedViewEvent]
    /// The requests (by tap identity) the checker made fail at the transport.
    public var failedRequests: Set<RequestID>
    /// Messages that mean a cancellation was presented as an error.
    public var cancellationMessages: Set<String>
    /// Whether the scene's work finished within the checker's bound.
    public var quiescent: Bool
    /// What the profile of each user (by user id, as tapped) shows. A profile
    /// whose label names a user listed here is attributed by content; one
    /// whose label names a user not listed is attributed by its label.
    public var expectedContent: [String: ProfileContent]

    /// Creates an input.
    public init(
      log: [ObservedViewEvent], failedRequests: Set<RequestID> = [],
      cancellationMessages: Set<String> = RefetchClassifier.defaultCancellationMessages,
      quiescent: Bool = true, expectedContent: [String: ProfileContent] = [:]
    ) {
      self.log = log
      self.failedRequests = failedRequests
      self.cancellationMessages = cancellationMessages
      self.quiescent = quiescent
      self.expectedContent = expectedContent
    }
  }

  /// The messages the shipped presenter shows for `CancellationError` and for
  /// `URLError(.cancelled)`, unless one equals a genuine failure's message.
  public static var defaultCancellationMessages: Set<String> {
    CancellationMessages.presenterMessages
  }

  /// Grades one trial, with the rules of the checker's core
  /// (``ScreenChecks/ContractGrader``) and the profile scene's contract.
  /// - Parameter input: the log and what the checker injected.
  /// - Returns: the primary outcome and every outcome that applied.
  public static func classify(_ input: Input) -> ScreenVerdict {
    var taps: [ProfileRequest] = []
    var timeline: [TimelineEvent] = []
    for observed in input.log {
      if case .tapped(let request) = observed.event {
        taps.append(request)
        timeline.append(.action(ProfileDisplays.action(request)))
      }
      let display = ProfileDisplays.display(
        for: observed.event, taps: taps, failedRequests: input.failedRequests,
        cancellationMessages: input.cancellationMessages, expectedContent: input.expectedContent,
        insideTapWork: observed.insideTapWork)
      if let display { timeline.append(.display(display)) }
    }
    return ContractGrader.grade(
      ContractGrader.Input(timeline: timeline, contract: SceneUnderTest.contract, quiescent: input.quiescent))
  }
}
