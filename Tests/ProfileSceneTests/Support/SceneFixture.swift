import MockNetwork
import ProfileScene
import SceneTestSupport
import Testing

/// The bound on every wait in these tests: far above anything a passing run
/// needs, so that a broken scene fails the test instead of hanging it.
let waitLimit = sceneWaitLimit

/// A scene wired to a mock transport, with helpers that wait on signals.
@MainActor
final class SceneFixture {
  let transport: MockTransport
  let scene: AssembledScene

  init(
    interactor: InteractorFactory,
    policy: ViewPolicy,
    transport configuration: MockTransport.Configuration = .init(gated: true)
  ) {
    transport = MockTransport(configuration)
    scene = SceneAssembly.assemble(
      worker: ProfileWorker(transport: transport), policy: policy, makeInteractor: interactor)
  }

  convenience init(
    _ variant: InteractorVariant, policy: ViewPolicy,
    transport configuration: MockTransport.Configuration = .init(gated: true)
  ) {
    self.init(interactor: variant.factory, policy: policy, transport: configuration)
  }

  var viewController: ProfileViewController { scene.viewController }
  var log: [ViewEvent] { scene.viewController.log }

  @discardableResult
  func tap(user: Int = 1) -> ProfileRequest {
    viewController.refresh(userId: String(user))
  }

  /// Waits, on the main actor, until the screen's log satisfies `condition`.
  func waitForLog(
    _ what: String, within limit: Duration = waitLimit, _ condition: @escaping @MainActor ([ViewEvent]) -> Bool
  ) async throws {
    try await SceneTestSupport.waitForLog(of: viewController, what, within: limit, condition)
  }

  /// Waits until `count` profiles or errors have been shown.
  func waitForDisplays(_ count: Int) async throws {
    try await waitForLog("\(count) display(s)") { $0.filter(\.isDisplay).count >= count }
  }

  /// Waits until the scene is quiescent for an interactor whose
  /// `fetchProfile` returns only after presenting: every tap's call
  /// returned and nothing in flight.
  func settleAwaitableInteractor() async throws {
    let viewController = self.viewController
    try await bounded("every tap's fetch call to return") { await viewController.waitForFetchCalls() }
    try await transport.waitUntilIdle(timeout: waitLimit)
  }
}

extension [ViewEvent] {
  var displays: [ViewEvent] { filter(\.isDisplay) }
}
