import BenchKit
import ProfileScene

/// The default bound on a scene wait: far above anything a passing run
/// needs, so that a broken scene or transport fails the test instead of
/// hanging it.
public let sceneWaitLimit = Duration.seconds(10)

/// A bounded wait that ran out.
public struct TimedOut: Error, CustomStringConvertible {
  /// What was awaited, and what the screen showed by then.
  public var description: String

  /// Creates the error.
  /// - Parameter description: what was awaited, and what the screen showed by then.
  public init(description: String) {
    self.description = description
  }
}

/// Waits, on the main actor, until `viewController`'s log satisfies
/// `condition`, or fails with ``TimedOut`` after `limit`.
///
/// Woken by the view controller's `onEvent` signal, never by polling; the
/// timer only bounds the wait.
/// - Parameters:
///   - viewController: the screen to watch; its `onEvent` is taken while waiting.
///   - what: what is awaited, for the failure message.
///   - limit: the bound.
///   - condition: checked now and after every event.
@MainActor
public func waitForLog(
  of viewController: ProfileViewController, _ what: String, within limit: Duration = sceneWaitLimit,
  _ condition: @escaping @MainActor ([ViewEvent]) -> Bool
) async throws {
  if condition(viewController.log) { return }
  let satisfied = OneShotSignal()
  viewController.onEvent = { _ in
    if condition(viewController.log) { satisfied.fire() }
  }
  defer { viewController.onEvent = nil }
  guard await satisfied.wait(timeout: limit) else {
    throw TimedOut(description: "timed out waiting for \(what); log: \(viewController.log)")
  }
}

/// Runs `operation` and waits for it for at most `limit`.
///
/// On time-out the operation is left running (a scene that hangs cannot be
/// stopped from outside) and the test fails with ``TimedOut`` instead of hanging.
@MainActor
public func bounded(
  _ what: String, within limit: Duration = sceneWaitLimit, _ operation: @escaping @MainActor () async -> Void
) async throws {
  let finished = OneShotSignal()
  Task { @MainActor in
    await operation()
    finished.fire()
  }
  guard await finished.wait(timeout: limit) else {
    throw TimedOut(description: "timed out waiting for \(what)")
  }
}

extension [ViewEvent] {
  /// The requests whose errors the screen showed, in order.
  public var errorRequests: [RequestID] {
    compactMap { event in
      if case .showedError(_, let request) = event { return request.id }
      return nil
    }
  }

  /// The requests whose profiles the screen showed, in order.
  public var profileRequests: [RequestID] {
    compactMap { event in
      if case .showedProfile(let viewModel) = event { return viewModel.request.id }
      return nil
    }
  }

  /// The error messages the screen showed, in order.
  public var errorMessages: [String] {
    compactMap { event in
      if case .showedError(let message, _) = event { return message }
      return nil
    }
  }
}
