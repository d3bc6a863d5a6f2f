import ProfileScene

/// One scene's worth of hop probes: the interactor's actor, the stamping
/// proxy in front of the real presenter and view, the presenter-on-an-actor
/// alternative and the stream consumer, all on one clock.
///
/// ```swift
/// let probe = await HopProbe.make()
/// let sample = await probe.measure(.guideAwait, response: HopPayload.response(posts: 10))
/// await probe.shutDown()
/// ```
public final class HopProbe: Sendable {
  /// The interactor's actor, where every hop starts.
  public let interactor: HopInteractor
  /// The stamping proxy in front of the real presenter.
  public let proxy: StampingPresenter
  /// The clock of every stamp.
  public let clock: StampClock

  private init(interactor: HopInteractor, proxy: StampingPresenter, clock: StampClock) {
    self.interactor = interactor
    self.proxy = proxy
    self.clock = clock
  }

  /// Builds the probes on the main actor, where the presenter and view are created.
  /// - Parameters:
  ///   - clock: the clock of the stamps; `ContinuousClock` by default.
  ///   - presentsPerView: presentations per real presenter and view (see ``StampingPresenter``).
  /// - Returns: the probe.
  @MainActor
  public static func make(clock: StampClock = .continuous, presentsPerView: Int = 64) -> HopProbe {
    let proxy = StampingPresenter(clock: clock, presentsPerView: presentsPerView)
    let interactor = HopInteractor(
      proxy: proxy,
      peer: PresenterActor(clock: clock),
      stream: MainActorStreamConsumer(presenter: proxy),
      clock: clock
    )
    return HopProbe(interactor: interactor, proxy: proxy, clock: clock)
  }

  /// Presents `response` once through `mechanism` and returns the stamps.
  ///
  /// Every mechanism but ``HopMechanism/directCall`` starts on the
  /// interactor's actor. The direct call first hops to the main actor,
  /// unstamped, then stamps around a synchronous call.
  /// - Parameters:
  ///   - mechanism: how to reach the presenter.
  ///   - response: the profile to present.
  /// - Returns: the stamps.
  public func measure(_ mechanism: HopMechanism, response: ProfileResponse) async -> HopSample {
    guard mechanism == .directCall else {
      return await interactor.present(response, via: mechanism)
    }
    let proxy = self.proxy
    let clock = self.clock
    return await MainActor.run {
      let sent = clock.now()
      proxy.presentProfile(response: response)
      let returned = clock.now()
      return HopSample(sent: sent, arrived: proxy.arrival.load(), formatted: proxy.departure.load(), returned: returned)
    }
  }

  /// Ends the stream consumer and drops the retired views.
  public func shutDown() async {
    await interactor.stream.finish()
    await proxy.releaseRetiredViews()
  }
}
