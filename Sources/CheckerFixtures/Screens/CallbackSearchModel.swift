import Dispatch
import Observation
import ScreenChecks

/// A search screen that, after its search, waits for a completion handler
/// called on a Dispatch queue (as a cache or an analytics call might): the
/// handler, not the checker, lets the action's task finish.
///
/// The handler is called once the checker waits with nothing of its own to
/// run (or at once when no trial counts its jobs): the order that makes the
/// escape certain, fixed by the checker's own state rather than by time.
@Observable @MainActor
package final class CallbackSearchModel {
  package var query = "" {
    didSet {
      task?.cancel()
      let query = self.query
      task = Task {
        guard let found = try? await search(query), !Task.isCancelled else { return }
        await withCheckedContinuation { continuation in
          Self.callWhenTheCheckerWaits { continuation.resume() }
        }
        results = found
      }
    }
  }
  package private(set) var results: [String] = []
  @ObservationIgnored private let search: @Sendable (String) async throws -> [String]
  @ObservationIgnored private var task: Task<Void, Never>?

  package init(search: @escaping @Sendable (String) async throws -> [String]) { self.search = search }

  /// Calls `handler` on a Dispatch thread once the checker waits for the
  /// trial's work, checking again at each turn of the main queue until then.
  nonisolated private static func callWhenTheCheckerWaits(_ handler: @escaping @Sendable () -> Void) {
    DispatchQueue.main.async {
      let state = JobCapture.shared.waitState
      if state.checkerWaits || !state.trialUnderWay {
        DispatchQueue.global().async(execute: handler)
      } else {
        callWhenTheCheckerWaits(handler)
      }
    }
  }
}
