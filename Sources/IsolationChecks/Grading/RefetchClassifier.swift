import ProfileScene

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

  /// Grades one trial.
  /// - Parameter input: the log and what the checker injected.
  /// - Returns: the primary outcome and every outcome that applied.
  public static func classify(_ input: Input) -> RefetchVerdict {
    let lastRequest = input.log.compactMap { observed -> RequestID? in
      if case .tapped(let request) = observed.event { return request.id }
      return nil
    }.max()
    guard let lastRequest else { return RefetchVerdict(observed: [.lost]) }

    var newestTap: RequestID?
    var tapsSoFar: [ProfileRequest] = []
    var wrongProfile = false
    var afterLastTap = false
    var stale = false
    var spurious = false
    var latestShown = 0
    var latestShownInsideTapWork = 0
    var finalScreen: RequestID?

    for observed in input.log {
      let request: ProfileRequest
      switch observed.event {
      case .tapped(let tapped):
        newestTap = max(newestTap ?? tapped.id, tapped.id)
        tapsSoFar.append(tapped)
        if tapped.id == lastRequest { afterLastTap = true }
        continue
      case .dropped:
        continue
      case .showedProfile(let viewModel):
        guard let origin = origin(of: viewModel, taps: tapsSoFar, expected: input.expectedContent) else {
          // Content of no request so far: a profile nobody asked for.
          wrongProfile = true
          stale = stale || newestTap != nil
          if afterLastTap { finalScreen = RequestID(0) }
          continue
        }
        if origin.id != viewModel.request.id { wrongProfile = true }
        request = origin
      case .showedError(let message, let failed):
        request = failed
        let genuine =
          input.failedRequests.contains(failed.id) && !input.cancellationMessages.contains(message)
        if !genuine {
          spurious = true
          continue
        }
      }
      if let newestTap, request.id < newestTap { stale = true }
      if request.id == lastRequest {
        latestShown += 1
        if observed.insideTapWork { latestShownInsideTapWork += 1 }
      }
      if afterLastTap { finalScreen = request.id }
    }

    var outcomes: Set<RefetchOutcome> = []
    if wrongProfile { outcomes.insert(.wrongProfile) }
    if spurious { outcomes.insert(.spuriousError) }
    if let finalScreen, finalScreen != lastRequest { outcomes.insert(.staleFinal) }
    if !input.quiescent || latestShownInsideTapWork == 0 { outcomes.insert(.lost) }
    if stale { outcomes.insert(.staleFlash) }
    if latestShown > 1 { outcomes.insert(.duplicate) }
    return RefetchVerdict(observed: outcomes)
  }

  /// The request whose user `viewModel` shows: its label when the content
  /// matches the label's user (or when that user's content is not known),
  /// else the newest tap so far whose user's content it is; `nil` when it
  /// shows no tapped user's profile.
  private static func origin(
    of viewModel: ProfileViewModel, taps: [ProfileRequest], expected: [String: ProfileContent]
  ) -> ProfileRequest? {
    guard let labelled = expected[viewModel.request.userId] else { return viewModel.request }
    let shown = ProfileContent(viewModel)
    if labelled == shown { return viewModel.request }
    return taps.last { expected[$0.userId] == shown }
  }
}
