import BenchKit
import MockNetwork
import ProfileScene

/// One trial's scene, transport and observations, on the main actor.
///
/// The harness assembles the scene with ``SceneAssembly`` around the caller's
/// interactor factory, putting an ``InterceptingPresenter`` between the
/// interactor and the scene's presenter. It taps for the checker, binding a
/// ``TapWorkProbe`` around every tap, and records the view controller's log,
/// marking each event with whether it happened inside a tap's work.
@MainActor
final class TrialHarness {
  /// The network the scene's worker talks to, and its records.
  let network: TrialNetwork
  /// The assembled scene.
  let scene: AssembledScene
  /// The presenter the interactor was given.
  let presenter: InterceptingPresenter
  /// The view controller's log, as observed.
  private(set) var log: [ObservedViewEvent] = []
  /// When each tap was made.
  private(set) var tapTimes: [ContinuousClock.Instant] = []

  private var probe: TapWorkProbe?
  private let probeSerial: UInt64
  private let tapWorkFinished: OneShotSignal

  /// Assembles a scene for one trial over the checker's mock.
  /// - Parameters:
  ///   - scene: the interactor factory and view policy.
  ///   - transport: the trial's own mock.
  ///   - lateResponses: whether answers arrive even after cancellation
  ///     (see ``LateResponseTransport``).
  convenience init(scene: SceneUnderTest, transport: MockTransport, lateResponses: Bool) {
    self.init(scene: scene, network: .mock(transport), lateResponses: lateResponses)
  }

  /// Assembles a scene for one trial.
  /// - Parameters:
  ///   - scene: the interactor factory and view policy.
  ///   - network: the trial's transport: its own mock, or a server's
  ///     transport recorded for this trial alone.
  ///   - lateResponses: whether answers arrive even after cancellation
  ///     (see ``LateResponseTransport``).
  init(scene: SceneUnderTest, network: TrialNetwork, lateResponses: Bool) {
    let finished = OneShotSignal()
    let probe = TapWorkProbe { finished.fire() }
    let transport = network.transport
    let worker = ProfileWorker(
      transport: lateResponses ? LateResponseTransport(base: transport) : transport, baseURL: network.baseURL)
    var intercepting: InterceptingPresenter?
    let assembled = SceneAssembly.assemble(worker: worker, policy: scene.policy) { worker, presenter in
      let proxy = InterceptingPresenter(forwardingTo: presenter)
      intercepting = proxy
      return scene.makeInteractor(worker, proxy)
    }
    self.network = network
    self.scene = assembled
    self.presenter = intercepting!
    self.probe = probe
    self.probeSerial = probe.serial
    self.tapWorkFinished = finished
    assembled.viewController.onEvent = { [weak self] event in
      self?.observe(event)
    }
  }

  /// How many taps have been made.
  var tapsMade: Int { tapTimes.count }

  /// Taps "refresh" for the next user: tap `n` asks for user `n`, so that every
  /// transport request names its tap.
  /// - Returns: the tap's request.
  @discardableResult
  func tap() -> ProfileRequest {
    guard let probe else { preconditionFailure("TrialHarness: tap after the last tap was declared") }
    let user = String(tapTimes.count + 1)
    tapTimes.append(.now)
    return TapWorkProbe.$current.withValue(probe) {
      scene.viewController.refresh(userId: user)
    }
  }

  /// Declares that no more taps follow and waits until every task the taps
  /// started has finished.
  /// - Parameter timeout: the bound on the wait.
  /// - Returns: whether the work finished within the bound.
  func waitForTapWork(timeout: Duration) async -> Bool {
    probe = nil
    return await tapWorkFinished.wait(timeout: timeout)
  }

  /// Whether every task the taps started has finished (after the last tap was declared).
  var tapWorkHasFinished: Bool { tapWorkFinished.hasFired }

  /// The requests, by tap, whose loads genuinely failed: over the mock, those
  /// it answered with an injected failure; over a server, those with a
  /// transport request answered outside 2xx or ended by an error other than
  /// a cancellation (see ``RefetchClassifier/genuinelyFailedRequests(log:requests:)``).
  func failedRequests(in records: [RequestRecord]) -> Set<RequestID> {
    switch network {
    case .mock:
      Set(
        records.compactMap { record -> RequestID? in
          guard case .failed = record.outcome, let user = record.userID, user > 0 else { return nil }
          return RequestID(UInt64(user))
        })
    case .server:
      RefetchClassifier.genuinelyFailedRequests(log: log.map(\.event), requests: records)
    }
  }

  private func observe(_ event: ViewEvent) {
    log.append(ObservedViewEvent(event, insideTapWork: TapWorkProbe.isCurrent(probeSerial)))
  }
}
