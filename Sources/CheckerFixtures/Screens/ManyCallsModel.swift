import Foundation
import Observation

/// A screen whose load makes many calls, one after another (a paged
/// download) or all at once (a task group over ids): what a trial's cost
/// is measured on.
@Observable @MainActor
package final class ManyCallsModel {
  package private(set) var results: [String] = []
  @ObservationIgnored private let item: @Sendable (Int) async throws -> String
  @ObservationIgnored private let count: Int
  @ObservationIgnored private let atOnce: Bool
  @ObservationIgnored private var task: Task<Void, Never>?

  package init(count: Int, atOnce: Bool, item: @escaping @Sendable (Int) async throws -> String) {
    self.count = count
    self.atOnce = atOnce
    self.item = item
  }

  package func load() {
    task?.cancel()
    let (item, count, atOnce) = (self.item, self.count, self.atOnce)
    task = Task {
      var loaded: [String] = []
      if atOnce {
        loaded = await withTaskGroup(of: String?.self) { group in
          for index in 0..<count { group.addTask { try? await item(index) } }
          var all: [String] = []
          for await answer in group { if let answer { all.append(answer) } }
          return all
        }
      } else {
        for index in 0..<count {
          guard let answer = try? await item(index) else { return }
          loaded.append(answer)
        }
      }
      guard !Task.isCancelled else { return }
      // The first answer stands for them all: the snapshot stays small, so
      // that only the checker's own cost grows with the calls.
      results = Array(loaded.prefix(1))
    }
  }
}
