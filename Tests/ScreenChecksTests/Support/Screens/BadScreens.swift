import Foundation
import Observation

/// A screen that loads nothing: its load never calls the endpoint it was given.
@Observable @MainActor
final class SilentModel {
  private(set) var loads = 0
  func load() { loads += 1 }
}

/// A screen whose refresh awaits something the checker does not control.
@Observable @MainActor
final class StuckRefreshModel {
  @ObservationIgnored let gate: TestGate
  private(set) var refreshing = false

  init(gate: TestGate) { self.gate = gate }

  func refresh() async {
    refreshing = true
    await gate.wait()
    refreshing = false
  }
}

/// A search screen that decorates the query before it searches.
@Observable @MainActor
final class DecoratingSearchModel {
  var query = "" {
    didSet {
      let query = "lang:swift \(self.query)"
      Task { results = (try? await search(query)) ?? [] }
    }
  }
  private(set) var results: [String] = []
  @ObservationIgnored private let search: @Sendable (String) async throws -> [String]

  init(search: @escaping @Sendable (String) async throws -> [String]) { self.search = search }
}

/// A gate a test opens: whoever waits on it stays suspended until then.
final class TestGate: Sendable {
  private let state = GateState()

  /// Waits until the gate is opened.
  func wait() async {
    await withCheckedContinuation { continuation in
      if !state.park(continuation) { continuation.resume() }
    }
  }

  /// Opens the gate, resuming every waiter.
  func open() {
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
