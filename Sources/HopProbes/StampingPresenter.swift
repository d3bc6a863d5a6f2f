import ProfileScene

/// A presenter proxy that stamps the first line run on the main actor, then
/// forwards to the real ``ProfilePresenter``, whose view is a real
/// ``ProfileViewController``.
///
/// The interactor calls it exactly as it calls the guide's presenter, through
/// `any ProfilePresentationLogic`, so the hop measured is the guide's hop.
/// ``arrival`` is written at the entry of ``presentProfile(response:)``,
/// ``departure`` once the real presenter and view are done.
///
/// The view controller keeps every display in its log; to keep that log
/// short, the proxy moves to a fresh presenter and view every
/// ``presentsPerView`` presentations, between the two stamps. The old ones
/// are kept until ``releaseRetiredViews()`` so that no deallocation falls
/// inside a measurement.
@MainActor
public final class StampingPresenter: ProfilePresentationLogic {
  /// The clock of both stamps.
  public nonisolated let clock: StampClock
  /// Written first thing on the main actor.
  public nonisolated let arrival = StampSlot()
  /// Written after the real presenter and view are done.
  public nonisolated let departure = StampSlot()
  /// How many presentations a presenter and view take before being replaced.
  public nonisolated let presentsPerView: Int

  /// The real presenter presentations are forwarded to.
  public private(set) var presenter: ProfilePresenter
  /// The real view the presenter displays on.
  public private(set) var viewController: ProfileViewController
  /// Presentations forwarded, in all.
  public private(set) var presentCount = 0

  private var presentsOnCurrentView = 0
  private var retired: [(ProfilePresenter, ProfileViewController)] = []

  /// Creates the proxy with a fresh presenter and view.
  /// - Parameters:
  ///   - clock: the clock of the stamps.
  ///   - presentsPerView: presentations per presenter and view; at least 1.
  public init(clock: StampClock, presentsPerView: Int = 64) {
    precondition(presentsPerView >= 1, "presentsPerView must be at least 1")
    self.clock = clock
    self.presentsPerView = presentsPerView
    (presenter, viewController) = Self.makeScene()
  }

  /// Stamps ``arrival``, forwards to the real presenter, stamps ``departure``.
  public func presentProfile(response: ProfileResponse) {
    arrival.store(clock.now())
    if presentsOnCurrentView == presentsPerView {
      retired.append((presenter, viewController))
      (presenter, viewController) = Self.makeScene()
      presentsOnCurrentView = 0
    }
    presenter.presentProfile(response: response)
    presentsOnCurrentView += 1
    presentCount += 1
    departure.store(clock.now())
  }

  /// Forwards to the real presenter; not stamped.
  public func presentError(error: any Error, request: ProfileRequest) {
    presenter.presentError(error: error, request: request)
  }

  /// Drops the presenters and views replaced so far (call between measurements).
  public func releaseRetiredViews() {
    retired.removeAll()
  }

  private static func makeScene() -> (ProfilePresenter, ProfileViewController) {
    let presenter = ProfilePresenter()
    let viewController = ProfileViewController()
    presenter.viewController = viewController
    return (presenter, viewController)
  }
}
