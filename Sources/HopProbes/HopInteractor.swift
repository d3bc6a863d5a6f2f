import Dispatch
import ProfileScene

/// The interactor side of the hop: an actor that holds the presenter as the
/// guide's interactor does and presents a response through one
/// ``HopMechanism``, stamping the time just before it lets go.
///
/// - Important: the stamps of the receiving side are read after the
///   mechanism's return leg, which orders them after the writes.
public actor HopInteractor {
  /// The presenter, held weakly as in the guide; ``HopProbe`` owns it.
  public weak var presenter: (any ProfilePresentationLogic)?
  /// The same presenter, for its stamps and for the mechanisms that call it
  /// on the main actor directly.
  public nonisolated let proxy: StampingPresenter
  /// The presenter-on-an-actor alternative.
  public nonisolated let peer: PresenterActor
  /// The main-actor consumer of the presentation stream.
  public nonisolated let stream: MainActorStreamConsumer
  /// The clock of every stamp.
  public nonisolated let clock: StampClock

  /// Creates an interactor around its presenters.
  /// - Parameters:
  ///   - proxy: the stamping main-actor presenter; held weakly as `presenter`.
  ///   - peer: the presenter on an actor.
  ///   - stream: the stream consumer presenting to `proxy`.
  ///   - clock: the clock of the stamps.
  public init(
    proxy: StampingPresenter, peer: PresenterActor, stream: MainActorStreamConsumer, clock: StampClock
  ) {
    self.presenter = proxy
    self.proxy = proxy
    self.peer = peer
    self.stream = stream
    self.clock = clock
  }

  /// Presents `response` once through `mechanism` and returns the stamps.
  /// - Parameters:
  ///   - response: the profile to present.
  ///   - mechanism: how to reach the presenter; not ``HopMechanism/directCall``,
  ///     which needs the main actor (see ``HopProbe/measure(_:response:)``).
  /// - Returns: the stamps of this presentation.
  public func present(_ response: ProfileResponse, via mechanism: HopMechanism) async -> HopSample {
    switch mechanism {
    case .guideAwait: await presentLikeTheGuide(response)
    case .directCall: preconditionFailure("a direct call runs on the main actor, not on the interactor's actor")
    case .actorToActor: await presentOnPeerActor(response)
    case .mainActorRun: await presentWithMainActorRun(response)
    case .dispatchMainAsync: await presentWithDispatchMain(response)
    case .taskOnMainActor: await presentWithTask(response)
    case .asyncStream: await presentThroughStream(response)
    }
  }

  /// The guide's call, exactly: `await presenter?.presentProfile(response:)`.
  private func presentLikeTheGuide(_ response: ProfileResponse) async -> HopSample {
    let sent = clock.now()
    await presenter?.presentProfile(response: response)
    let returned = clock.now()
    return sample(sent: sent, returned: returned)
  }

  private func presentOnPeerActor(_ response: ProfileResponse) async -> HopSample {
    let sent = clock.now()
    await peer.presentProfile(response: response)
    let returned = clock.now()
    return HopSample(sent: sent, arrived: peer.arrival.load(), formatted: peer.departure.load(), returned: returned)
  }

  private func presentWithMainActorRun(_ response: ProfileResponse) async -> HopSample {
    let proxy = self.proxy
    let sent = clock.now()
    await MainActor.run { proxy.presentProfile(response: response) }
    let returned = clock.now()
    return sample(sent: sent, returned: returned)
  }

  private func presentWithDispatchMain(_ response: ProfileResponse) async -> HopSample {
    let proxy = self.proxy
    let sent = clock.now()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      DispatchQueue.main.async {
        MainActor.assumeIsolated { proxy.presentProfile(response: response) }
        continuation.resume()
      }
    }
    let returned = clock.now()
    return sample(sent: sent, returned: returned)
  }

  private func presentWithTask(_ response: ProfileResponse) async -> HopSample {
    let proxy = self.proxy
    let sent = clock.now()
    let task = Task { @MainActor in proxy.presentProfile(response: response) }
    await task.value
    let returned = clock.now()
    return sample(sent: sent, returned: returned)
  }

  private func presentThroughStream(_ response: ProfileResponse) async -> HopSample {
    let producer = stream.producer
    let sent = clock.now()
    await withCheckedContinuation { acknowledgement in
      producer.yield(StreamDelivery(response: response, acknowledgement: acknowledgement))
    }
    let returned = clock.now()
    return sample(sent: sent, returned: returned)
  }

  private func sample(sent: Int64, returned: Int64) -> HopSample {
    HopSample(sent: sent, arrived: proxy.arrival.load(), formatted: proxy.departure.load(), returned: returned)
  }
}
