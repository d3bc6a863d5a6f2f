import Foundation
import Observation

/// A screen that loads nothing: its load never calls the endpoint it was given.
@Observable @MainActor
package final class SilentModel {
  package private(set) var loads = 0

  package init() {}

  package func load() { loads += 1 }
}

/// A screen whose refresh awaits something the checker does not control.
@Observable @MainActor
package final class StuckRefreshModel {
  @ObservationIgnored package let gate: TestGate
  package private(set) var refreshing = false

  package init(gate: TestGate) { self.gate = gate }

  package func refresh() async {
    refreshing = true
    await gate.wait()
    refreshing = false
  }
}

/// A search screen that decorates the query before it searches.
@Observable @MainActor
package final class DecoratingSearchModel {
  package var query = "" {
    didSet {
      let query = "lang:swift \(self.query)"
      Task { results = (try? await search(query)) ?? [] }
    }
  }
  package private(set) var results: [String] = []
  @ObservationIgnored private let search: @Sendable (String) async throws -> [String]

  package init(search: @escaping @Sendable (String) async throws -> [String]) { self.search = search }
}

/// A gate a test opens: whoever waits on it stays suspended until then.
package final class TestGate: Sendable {
  private let state = GateState()

  package init() {}

  /// Waits until the gate is opened.
  package func wait() async {
    await withCheckedContinuation { continuation in
      if !state.park(continuation) { continuation.resume() }
    }
  }

  /// Opens the gate, resuming every waiter.
  package func open() {
    for continuation in state.open() { continuation.resume() }
  }
}

private final class GateState {
  private let lock = NSLock()
  private var isOpen = false
  private var waiters: [CheckedContinuation<Void, Never>] = []

  /// Parks `continuation`; `false` when the gate is already open.
  func park(_ continuation: CheckedContinuation<Void, Never>) -> Bool {
    lock.withLock {
      guard !isOpen else { return false }
      waiters.append(continuation)
      return true
    }
  }

  func open() -> [CheckedContinuation<Void, Never>] {
    lock.withLock {
      isOpen = true
      defer { waiters = [] }
      return waiters
    }
  }
}

// Safety: `isOpen` and `waiters` are read and written only while `lock` is held.
extension GateState: @unchecked Sendable {}

/// A screen whose load, besides its search, starts a task that keeps
/// yielding: until cancelled (`stopsWhenCancelled`), or for ever.
@Observable @MainActor
package final class SpinningModel {
  package private(set) var results: [String] = []
  @ObservationIgnored private let search: @Sendable () async throws -> [String]
  @ObservationIgnored private let stopsWhenCancelled: Bool
  @ObservationIgnored private var spinner: Task<Void, Never>?

  package init(stopsWhenCancelled: Bool, search: @escaping @Sendable () async throws -> [String]) {
    self.stopsWhenCancelled = stopsWhenCancelled
    self.search = search
  }

  package func load() {
    let search = self.search
    Task { results = (try? await search()) ?? [] }
    spinner?.cancel()
    spinner = Task { [stopsWhenCancelled] in await Self.spin(stopsWhenCancelled) }
  }

  /// Yields, off the main actor, until cancelled or never.
  nonisolated private static func spin(_ stopsWhenCancelled: Bool) async {
    while !(stopsWhenCancelled && Task.isCancelled) {
      await Task.yield()
    }
  }
}

/// A screen that starts a new task on every change of what it shows: it
/// never settles.
@Observable @MainActor
package final class RestlessModel {
  package private(set) var results: [String] = []
  package private(set) var ticks = 0
  @ObservationIgnored private let search: @Sendable () async throws -> [String]

  package init(search: @escaping @Sendable () async throws -> [String]) { self.search = search }

  package func load() {
    let search = self.search
    Task { results = (try? await search()) ?? [] }
    tick()
  }

  private func tick() {
    Task {
      await Self.pause()
      ticks += 1
      tick()
    }
  }

  nonisolated private static func pause() async { await Task.yield() }
}
