import ProfileScene

/// The alternative to a main-actor presenter: a presenter on an actor of its
/// own, on the cooperative pool.
///
/// It formats with the real presenter's ``ProfilePresenter/viewModel(for:)``
/// and keeps the result as a view would; there is no view to display on, as
/// a real view must live on the main actor.
public actor PresenterActor {
  /// Written first thing on this actor.
  public nonisolated let arrival = StampSlot()
  /// Written once formatting is done.
  public nonisolated let departure = StampSlot()
  private let clock: StampClock
  /// The last view model formatted.
  public private(set) var lastViewModel: ProfileViewModel?

  /// Creates the actor.
  /// - Parameter clock: the clock of the stamps.
  public init(clock: StampClock) {
    self.clock = clock
  }

  /// Stamps ``arrival``, formats, stamps ``departure``.
  /// - Parameter response: the profile to format.
  public func presentProfile(response: ProfileResponse) {
    arrival.store(clock.now())
    lastViewModel = ProfilePresenter.viewModel(for: response)
    departure.store(clock.now())
  }
}
