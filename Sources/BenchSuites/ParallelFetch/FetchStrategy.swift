import Dispatch
import ProfileScene

/// A way to run a screen's requests: the ones the guides compare.
enum FetchStrategy: String, Sendable, CaseIterable {
  /// One `await` after another: what the guides replace.
  case sequential
  /// `async let` per request, then one `try await` on the tuple, as the guide writes it.
  case asyncLet = "async-let"
  /// `withThrowingTaskGroup`, results taken in completion order.
  case taskGroup = "task-group"
  /// Completion handlers joined by a `DispatchGroup`, bridged back to `async`
  /// with `withCheckedThrowingContinuation`: the GCD code `async let` replaces.
  case dispatchGroup = "dispatch-group"

  /// A title for tables: "sequential", "async let", "task group", "DispatchGroup".
  var title: String {
    switch self {
    case .sequential: "sequential"
    case .asyncLet: "async let"
    case .taskGroup: "task group"
    case .dispatchGroup: "DispatchGroup"
    }
  }

  /// Whether the requests overlap, so that the ideal is the slowest one, not the sum.
  var isParallel: Bool { self != .sequential }

  /// Runs `routes` with this strategy.
  /// - Returns: the parts, in the order of `routes`.
  /// - Throws: the first error this strategy observes.
  func fetch(_ routes: [FetchRoute], with worker: ProfileWorker) async throws -> [FetchedPart] {
    switch self {
    case .sequential: try await Self.sequential(routes, worker)
    case .asyncLet: try await Self.asyncLet(routes, worker)
    case .taskGroup: try await Self.taskGroup(routes, worker)
    case .dispatchGroup: try await Self.dispatchGroup(routes, worker)
    }
  }

  private static func sequential(_ routes: [FetchRoute], _ worker: ProfileWorker) async throws -> [FetchedPart] {
    var parts: [FetchedPart] = []
    for route in routes {
      parts.append(try await route.fetch(with: worker))
    }
    return parts
  }

  /// `async let` needs a fixed count at compile time, so each supported
  /// count is written out, as an app would write it.
  private static func asyncLet(_ routes: [FetchRoute], _ worker: ProfileWorker) async throws -> [FetchedPart] {
    switch routes.count {
    case 2:
      async let a = routes[0].fetch(with: worker)
      async let b = routes[1].fetch(with: worker)
      let (ra, rb) = try await (a, b)
      return [ra, rb]
    case 4:
      async let a = routes[0].fetch(with: worker)
      async let b = routes[1].fetch(with: worker)
      async let c = routes[2].fetch(with: worker)
      async let d = routes[3].fetch(with: worker)
      let (ra, rb, rc, rd) = try await (a, b, c, d)
      return [ra, rb, rc, rd]
    case 8:
      async let a = routes[0].fetch(with: worker)
      async let b = routes[1].fetch(with: worker)
      async let c = routes[2].fetch(with: worker)
      async let d = routes[3].fetch(with: worker)
      async let e = routes[4].fetch(with: worker)
      async let f = routes[5].fetch(with: worker)
      async let g = routes[6].fetch(with: worker)
      async let h = routes[7].fetch(with: worker)
      let (ra, rb, rc, rd, re, rf, rg, rh) = try await (a, b, c, d, e, f, g, h)
      return [ra, rb, rc, rd, re, rf, rg, rh]
    default:
      preconditionFailure("async let is written out for 2, 4 and 8 routes, not \(routes.count)")
    }
  }

  private static func taskGroup(_ routes: [FetchRoute], _ worker: ProfileWorker) async throws -> [FetchedPart] {
    try await withThrowingTaskGroup(of: (Int, FetchedPart).self) { group in
      for (index, route) in routes.enumerated() {
        group.addTask { (index, try await route.fetch(with: worker)) }
      }
      var parts = [FetchedPart?](repeating: nil, count: routes.count)
      for try await (index, part) in group {
        parts[index] = part
      }
      return parts.map { $0! }
    }
  }

  private static func dispatchGroup(_ routes: [FetchRoute], _ worker: ProfileWorker) async throws -> [FetchedPart] {
    try await withCheckedThrowingContinuation { continuation in
      let group = DispatchGroup()
      let results = CompletionResults(count: routes.count)
      for (index, route) in routes.enumerated() {
        group.enter()
        route.fetch(with: worker) { result in
          results.store(result, at: index)
          group.leave()
        }
      }
      group.notify(queue: .global()) {
        continuation.resume(with: results.collected())
      }
    }
  }
}
