import ProfileScene

/// The bound on every wait in these tests: far above anything a passing run
/// needs, so that a broken transport or scene fails the test instead of hanging it.
let waitLimit = Duration.seconds(10)

/// Waits, on the main actor, until `viewController`'s log satisfies
/// `condition`, or fails with ``TimedOut`` after `limit`.
///
/// Woken by the view controller's `onEvent` signal, never by polling.
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

/// A bounded wait that ran out.
struct TimedOut: Error, CustomStringConvertible {
  var description: String
}

/// Whether a bounded wait has ended, shared by its signal and its timer.
@MainActor
private final class PendingWait {
  var finished = false
}

extension [ViewEvent] {
  /// The requests whose errors the screen showed, in order.
  var errorRequests: [RequestID] {
    compactMap { event in
      if case .showedError(_, let request) = event { return request.id }
      return nil
    }
  }

  /// The requests whose profiles the screen showed, in order.
  var profileRequests: [RequestID] {
    compactMap { event in
      if case .showedProfile(let viewModel) = event { return viewModel.request.id }
      return nil
    }
  }

  /// The error messages the screen showed, in order.
  var errorMessages: [String] {
    compactMap { event in
      if case .showedError(let message, _) = event { return message }
      return nil
    }
  }
}
