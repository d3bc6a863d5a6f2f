import Foundation
import Observation

/// A search screen that debounces on the system clock (`Task.sleep`)
/// instead of the clock it could be given: its work after the sleep runs
/// outside the checker's hands.
///
/// The sleep is long enough that its deadline is still ahead when the timer
/// is registered, even on a loaded machine: a sleep whose deadline has
/// already passed wakes inline, in the checker's hands, and escapes nothing.
@Observable @MainActor
package final class SystemClockSearchModel {
  package var query = "" {
    didSet {
      task?.cancel()
      let query = self.query
      task = Task {
        guard (try? await Task.sleep(for: .milliseconds(20))) != nil else { return }
        guard let found = try? await search(query), !Task.isCancelled else { return }
        results = found
      }
    }
  }
  package private(set) var results: [String] = []
  @ObservationIgnored private let search: @Sendable (String) async throws -> [String]
  @ObservationIgnored private var task: Task<Void, Never>?

  package init(search: @escaping @Sendable (String) async throws -> [String]) { self.search = search }
}
