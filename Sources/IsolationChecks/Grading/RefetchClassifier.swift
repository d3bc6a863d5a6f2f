import ProfileScene

/// Grades a view controller's log: pure, no clocks, no tasks.
///
/// Taps and displays are both main-actor events, so the order of the log is
/// the order the user experienced. "Older" and "newer" compare request
/// identities, which the view controller assigns at the tap.
///
/// The rules (a trial with `K` taps; the last request is the `K`-th tap's):
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

    /// Creates an input.
    public init(
      log: [ObservedViewEvent], failedRequests: Set<RequestID> = [],
      cancellationMessages: Set<String> = RefetchClassifier.defaultCancellationMessages,
      quiescent: Bool = true
    ) {
      self.log = log
      self.failedRequests = failedRequests
      self.cancellationMessages = cancellationMessages
      self.quiescent = quiescent
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
        if tapped.id == lastRequest { afterLastTap = true }
        continue
      case .dropped:
        continue
      case .showedProfile(let viewModel):
        request = viewModel.request
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
    if spurious { outcomes.insert(.spuriousError) }
    if let finalScreen, finalScreen != lastRequest { outcomes.insert(.staleFinal) }
    if !input.quiescent || latestShownInsideTapWork == 0 { outcomes.insert(.lost) }
    if stale { outcomes.insert(.staleFlash) }
    if latestShown > 1 { outcomes.insert(.duplicate) }
    return RefetchVerdict(observed: outcomes)
  }
}
