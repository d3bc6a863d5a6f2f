/// The profile screen, headless: UIKit does not exist on Linux, so what the
/// guide's labels and table would show is kept as state, and every display is
/// appended to a log.
///
/// The log is what the user saw, in main-actor order. Taps and displays are
/// both main-actor events, so the order of the log is the order the user
/// experienced, and grading it needs no clock.
///
/// - Important: every member is isolated to the main actor.
@MainActor
public final class ProfileViewController: ProfileDisplayLogic {
  /// The interactor a tap talks to; held strongly, as in the guide.
  public var interactor: (any ProfileBusinessLogic)?
  /// The router that navigates away from this screen.
  public var router: (any ProfileRoutingLogic)?
  /// What to do with presentations for outdated requests.
  public let policy: ViewPolicy

  /// Whether the activity indicator spins: from a tap until a display.
  public private(set) var isLoading = false
  /// The profile on screen, if any.
  public private(set) var profile: ProfileViewModel?
  /// The error message on screen, if any.
  public private(set) var errorMessage: String?
  /// The screen's history: taps, displays and dropped presentations, in order.
  public private(set) var log: [ViewEvent] = []
  /// The request of the last tap, if there was one.
  public private(set) var latestRequest: ProfileRequest?

  /// Called after every event is appended to ``log``; lets a checker or a
  /// test wait for a display without polling.
  public var onEvent: (@MainActor (ViewEvent) -> Void)?

  private var tapCount: UInt64 = 0
  private var fetches: [Task<Void, Never>] = []

  /// Creates a view controller.
  /// - Parameter policy: what to do with outdated presentations; `.guide` by default.
  public init(policy: ViewPolicy = .guide) {
    self.policy = policy
  }

  /// What the user saw: the profiles and errors of ``log``, without taps and drops.
  public var displayLog: [ViewEvent] { log.filter(\.isDisplay) }

  /// The user's tap on "refresh".
  ///
  /// Synchronous on the main actor: the request's identity is assigned here,
  /// before anything else can run on the main actor, and the fetch starts the
  /// way the guide's view controller starts it,
  /// `Task { await interactor?.fetchProfile(request:) }`.
  /// - Parameter userId: the user whose profile to load.
  /// - Returns: the request made for this tap.
  @discardableResult
  public func refresh(userId: String) -> ProfileRequest {
    tapCount += 1
    let request = ProfileRequest(userId: userId, id: RequestID(tapCount))
    latestRequest = request
    isLoading = true
    record(.tapped(request))
    let interactor = self.interactor
    fetches.append(
      Task {
        await interactor?.fetchProfile(request: request)
      })
    return request
  }

  /// Waits until every fetch started by a tap has returned from the interactor.
  ///
  /// For ``ProfileInteractor`` that means every load was presented or
  /// superseded. For the guide's interactor it means only that each load was
  /// started: its `fetchProfile` returns before the load finishes.
  public func waitForFetchCalls() async {
    for fetch in fetches {
      await fetch.value
    }
  }

  /// Shows a profile, unless the policy refuses it as outdated.
  public func displayProfile(viewModel: ProfileViewModel) {
    guard accepts(viewModel.request) else { return }
    isLoading = false
    profile = viewModel
    errorMessage = nil
    record(.showedProfile(viewModel))
  }

  /// Shows an error message, unless the policy refuses it as outdated.
  public func displayError(message: String, request: ProfileRequest) {
    guard accepts(request) else { return }
    isLoading = false
    errorMessage = message
    record(.showedError(message: message, request: request))
  }

  private func accepts(_ request: ProfileRequest) -> Bool {
    switch policy {
    case .guide:
      return true
    case .latestRequestOnly:
      guard let latestRequest, request.id < latestRequest.id else { return true }
      record(.dropped(request))
      return false
    }
  }

  private func record(_ event: ViewEvent) {
    log.append(event)
    onEvent?(event)
  }
}
