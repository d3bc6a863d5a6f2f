import MockNetwork
import ProfileScene
import Testing

/// The bound on every wait in these tests: far above anything a passing run
/// needs, so that a broken scene fails the test instead of hanging it.
let waitLimit = Duration.seconds(10)

struct TimedOut: Error, CustomStringConvertible {
  var description: String
}

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
    try await ProfileSceneTests.waitForLog(of: viewController, what, within: limit, condition)
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

/// Waits, on the main actor, until `viewController`'s log satisfies
/// `condition`, or fails with ``TimedOut`` after `limit`.
@MainActor
func waitForLog(
  of viewController: ProfileViewController, _ what: String, within limit: Duration = waitLimit,
  _ condition: @escaping @MainActor ([ViewEvent]) -> Bool
) async throws {
  if condition(viewController.log) { return }
  let wait = PendingWait()
  try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
    viewController.onEvent = { _ in
      guard !wait.finished, condition(viewController.log) else { return }
      wait.finished = true
      viewController.onEvent = nil
      continuation.resume()
    }
    Task { @MainActor in
      try? await Task.sleep(for: limit)
      guard !wait.finished else { return }
      wait.finished = true
      viewController.onEvent = nil
      continuation.resume(
        throwing: TimedOut(description: "timed out waiting for \(what); log: \(viewController.log)"))
    }
  }
}

/// Runs `operation` and waits for it for at most `limit`.
///
/// On time-out the operation is left running (a scene that hangs cannot be
/// stopped from outside) and the test fails with ``TimedOut`` instead of hanging.
@MainActor
func bounded(
  _ what: String, within limit: Duration = waitLimit, _ operation: @escaping @MainActor () async -> Void
) async throws {
  let wait = PendingWait()
  try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
    Task { @MainActor in
      await operation()
      guard !wait.finished else { return }
      wait.finished = true
      continuation.resume()
    }
    Task { @MainActor in
      try? await Task.sleep(for: limit)
      guard !wait.finished else { return }
      wait.finished = true
      continuation.resume(throwing: TimedOut(description: "timed out waiting for \(what)"))
    }
  }
}

/// Whether a bounded wait has ended, shared by its signal and its timer.
@MainActor
private final class PendingWait {
  var finished = false
}

extension [ViewEvent] {
  var displays: [ViewEvent] { filter(\.isDisplay) }

  var errorRequests: [RequestID] {
    compactMap { event in
      if case .showedError(_, let request) = event { return request.id }
      return nil
    }
  }

  var profileRequests: [RequestID] {
    compactMap { event in
      if case .showedProfile(let viewModel) = event { return viewModel.request.id }
      return nil
    }
  }
}
