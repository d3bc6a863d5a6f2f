import Foundation
import MockNetwork
import ProfileScene
import ScreenChecks

/// The profile scene in a trial: the guides' VIP stack, assembled around
/// the caller's interactor, over the trial's switchboard.
///
/// The adapter assembles the scene with ``SceneAssembly``, putting an
/// ``InterceptingPresenter`` between the interactor and the scene's
/// presenter, so that every presentation is a decision point of the trial.
/// A tap is the view controller's `refresh(userId:)`: tap `n` asks for user
/// `n`. The view controller's log is the view log, and each of its displays
/// is a ``Display`` attributed by content (``ProfileDisplays``).
@MainActor
final class ProfileSceneAdapter: ScreenAdapter {
  /// The trial, which owns this adapter. An event seen after the trial
  /// ended (a task of the scene that outlived it) is ignored.
  private weak var context: TrialContext?
  /// The assembled scene.
  let scene: AssembledScene
  /// The presenter the interactor was given.
  let presenter: InterceptingPresenter
  private let expectedContent: [String: ProfileContent]
  private let overServer: Bool
  private var taps: [ProfileRequest] = []
  /// The view controller's log, as observed.
  private var log: [ObservedViewEvent] = []

  /// Assembles the scene for one trial.
  /// - Parameters:
  ///   - scene: the interactor factory and view policy.
  ///   - context: the trial.
  ///   - dataset: what the checker answers.
  ///   - expectedContent: what each tapped user's profile shows, by user id.
  ///   - server: the real network and its API root, over a server.
  init(
    _ scene: SceneUnderTest, context: TrialContext, dataset: MockDataset, expectedContent: [String: ProfileContent],
    server: StressServer?
  ) {
    self.context = context
    self.expectedContent = expectedContent
    self.overServer = server != nil
    let transport = CheckerTransport(switchboard: context.switchboard, dataset: dataset, server: server?.transport)
    let worker = ProfileWorker(transport: transport, baseURL: server?.baseURL ?? ProfileWorker.defaultBaseURL)
    var intercepting: InterceptingPresenter?
    let assembled = SceneAssembly.assemble(worker: worker, policy: scene.policy) { worker, presenter in
      let proxy = InterceptingPresenter(forwardingTo: presenter)
      intercepting = proxy
      return scene.makeInteractor(worker, proxy)
    }
    self.scene = assembled
    self.presenter = intercepting!
    presenter.willPresent = { [weak context] record in context?.willPresent?(record) ?? false }
    assembled.viewController.onEvent = { [weak self] event in
      self?.observe(event)
    }
  }

  func appear() {}

  func perform(_ action: ActionRecord) {
    scene.viewController.refresh(userId: action.value)
  }

  func disappear() {}

  var isLoading: Bool? { scene.viewController.isLoading }

  var heldPresentations: [PresentationRecord] { presenter.heldPresentations }

  func showHeld(request: Int, occurrence: Int) -> Bool {
    presenter.showHeld(request: request, occurrence: occurrence)
  }

  var presentations: [PresentationRecord] { presenter.records }

  var screenLog: (any Sendable)? { log }

  private func observe(_ event: ViewEvent) {
    guard let context else { return }
    let inside = ActionWork.isCurrent(context.probeSerial)
    let observed = ObservedViewEvent(event, insideTapWork: inside)
    log.append(observed)
    context.viewLog.append(observed.description)
    if case .tapped(let request) = event { taps.append(request) }
    let display = ProfileDisplays.display(
      for: event, taps: taps, failedRequests: failedRequests(in: context),
      cancellationMessages: CancellationMessages.presenterMessages,
      expectedContent: expectedContent, insideTapWork: inside, inFlight: context.switchboard.actionsInFlight)
    if let display { context.record(display) }
  }

  /// The taps whose loads really failed: over the mock, those the checker
  /// made fail; over a server, those with a request answered outside 2xx or
  /// ended by an error other than a cancellation.
  private func failedRequests(in context: TrialContext) -> Set<RequestID> {
    Set(
      context.switchboard.records.compactMap { call -> RequestID? in
        guard call.action > 0 else { return nil }
        let failed: Bool
        if case .failed = call.outcome {
          failed = true
        } else {
          failed = overServer && call.outcome.isFailure
        }
        return failed ? RequestID(UInt64(call.action)) : nil
      })
  }
}
