import BenchKit
import Foundation

/// The mock's mutable state: counters, records, parked requests and waiters,
/// all behind one `NSLock`.
///
/// Continuations are resumed after the lock is released, never under it.
final class MockTransportState {
  /// What `begin` decided for a new request.
  struct Ticket {
    var id: Int
    var start: ContinuousClock.Instant
    var latency: Duration?
    var failure: InjectedFailure?
  }

  private enum Parking {
    case waiting(CheckedContinuation<GateReply, any Error>?, releasable: Bool)
    case cancelled
  }

  private struct Waiter {
    var what: String
    var condition: @Sendable (MockTransportSnapshot) -> Bool
    var continuation: CheckedContinuation<MockTransportSnapshot, any Error>
    var timer: Task<Void, Never>?
  }

  private let lock = NSLock()
  private var latencyGenerators: [MockRoute: SeededGenerator] = [:]
  private var failureGenerators: [MockRoute: SeededGenerator] = [:]
  private var counts = MockTransportSnapshot()
  private var allRecords: [RequestRecord] = []
  private var parking: [Int: Parking] = [:]
  private var pendingOrder: [PendingRequest] = []
  private var waiters: [Int: Waiter] = [:]
  private var nextWaiterID = 0

  init(seed: UInt64) {
    var root = SeededGenerator(seed: seed)
    for route in MockRoute.allCases {
      latencyGenerators[route] = root.split()
      failureGenerators[route] = root.split()
    }
  }

  // MARK: - Requests

  func begin(
    route: MockRoute, url: URL, userID: Int?, behavior: RouteBehavior, gated: Bool,
    now: ContinuousClock.Instant
  ) -> Ticket {
    withLockThenResume { () -> Ticket in
      let id = allRecords.count + 1
      let latency = latencyGenerators[route]!.drawLatency(behavior.latency)
      let failure = failureGenerators[route]!.drawFailure(behavior.failures)
      let waitsForever = gated || failure == .hangUntilCancelled
      allRecords.append(
        RequestRecord(
          id: id, route: route, url: url, userID: userID, start: now,
          plannedLatency: waitsForever ? nil : latency, end: nil, outcome: .inFlight))
      counts.started += 1
      counts.inFlight += 1
      counts.maxInFlight = max(counts.maxInFlight, counts.inFlight)
      return Ticket(id: id, start: now, latency: waitsForever ? nil : latency, failure: failure)
    }
  }

  func finish(_ id: Int, outcome: RequestRecord.Outcome, now: ContinuousClock.Instant) {
    withLockThenResume {
      allRecords[id - 1].end = now
      allRecords[id - 1].outcome = outcome
      counts.inFlight -= 1
      switch outcome {
      case .completed: counts.completed += 1
      case .failed: counts.failed += 1
      case .cancelled: counts.cancelled += 1
      case .inFlight: preconditionFailure("request #\(id) finished with outcome in-flight")
      }
    }
  }

  // MARK: - Parking

  /// Parks request `id` until it is released (when `releasable`) or its task is cancelled.
  /// - Throws: `CancellationError` when the task is cancelled.
  func park(_ id: Int, releasable: Bool) async throws -> GateReply {
    withLockThenResume {
      parking[id] = .waiting(nil, releasable: releasable)
      if releasable {
        let record = allRecords[id - 1]
        pendingOrder.append(PendingRequest(id: id, route: record.route, userID: record.userID))
      }
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let cancelledEarly = withLockThenResume { () -> Bool in
          guard case .waiting = parking[id] else {
            parking[id] = nil
            return true
          }
          parking[id] = .waiting(continuation, releasable: releasable)
          return false
        }
        if cancelledEarly { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let continuation = withLockThenResume { () -> CheckedContinuation<GateReply, any Error>? in
        guard case .waiting(let continuation, _) = parking[id] else { return nil }
        parking[id] = continuation == nil ? .cancelled : nil
        pendingOrder.removeAll { $0.id == id }
        return continuation
      }
      continuation?.resume(throwing: CancellationError())
    }
  }

  /// Releases up to `limit` parked, releasable requests matching `predicate`, oldest first.
  func release(where predicate: (PendingRequest) -> Bool, limit: Int, with reply: GateReply) -> Int {
    let released = withLockThenResume { () -> [CheckedContinuation<GateReply, any Error>] in
      var released: [CheckedContinuation<GateReply, any Error>] = []
      for request in pendingOrder where released.count < limit && predicate(request) {
        guard case .waiting(let continuation?, true) = parking[request.id] else { continue }
        parking[request.id] = nil
        pendingOrder.removeAll { $0.id == request.id }
        released.append(continuation)
      }
      return released
    }
    for continuation in released { continuation.resume(returning: reply) }
    return released.count
  }

  // MARK: - Observation

  func snapshot() -> MockTransportSnapshot {
    lock.withLock { currentSnapshot() }
  }

  func records() -> [RequestRecord] {
    lock.withLock { allRecords }
  }

  func records(after count: Int) -> [RequestRecord] {
    lock.withLock { Array(allRecords.dropFirst(max(count, 0))) }
  }

  func wait(
    _ what: String, timeout: Duration, _ condition: @escaping @Sendable (MockTransportSnapshot) -> Bool
  ) async throws -> MockTransportSnapshot {
    let id = lock.withLock { () -> Int in
      nextWaiterID += 1
      return nextWaiterID
    }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        if Task.isCancelled {
          continuation.resume(throwing: CancellationError())
          return
        }
        let satisfied = lock.withLock { () -> MockTransportSnapshot? in
          let snapshot = currentSnapshot()
          if condition(snapshot) { return snapshot }
          waiters[id] = Waiter(what: what, condition: condition, continuation: continuation, timer: nil)
          return nil
        }
        if let satisfied {
          continuation.resume(returning: satisfied)
          return
        }
        let timer = Task { [weak self] in
          try? await Task.sleep(for: timeout)
          self?.abandonWaiter(id, throwing: MockTransportError.timedOut(waitingFor: what, after: timeout))
        }
        let stillWaiting = lock.withLock { () -> Bool in
          guard waiters[id] != nil else { return false }
          waiters[id]?.timer = timer
          return true
        }
        if !stillWaiting { timer.cancel() }
      }
    } onCancel: {
      abandonWaiter(id, throwing: CancellationError())
    }
  }

  private func abandonWaiter(_ id: Int, throwing error: any Error) {
    let waiter = lock.withLock { waiters.removeValue(forKey: id) }
    waiter?.timer?.cancel()
    waiter?.continuation.resume(throwing: error)
  }

  private func currentSnapshot() -> MockTransportSnapshot {
    var snapshot = counts
    snapshot.pending = pendingOrder
    return snapshot
  }

  /// Runs `body` under the lock, then resumes the waiters whose condition now holds.
  private func withLockThenResume<Result>(_ body: () -> Result) -> Result {
    var ready: [(Waiter, MockTransportSnapshot)] = []
    let result = lock.withLock { () -> Result in
      let result = body()
      guard !waiters.isEmpty else { return result }
      let snapshot = currentSnapshot()
      for (id, waiter) in waiters where waiter.condition(snapshot) {
        waiters[id] = nil
        ready.append((waiter, snapshot))
      }
      return result
    }
    for (waiter, snapshot) in ready {
      waiter.timer?.cancel()
      waiter.continuation.resume(returning: snapshot)
    }
    return result
  }
}

// Safety: every stored property is read and written only while `lock` is held.
extension MockTransportState: @unchecked Sendable {}

extension SeededGenerator {
  /// Draws a latency; always advances the generator by the same amount for a
  /// given model, so later draws do not depend on earlier failures.
  fileprivate mutating func drawLatency(_ model: LatencyModel) -> Duration {
    model.draw(using: &self)
  }

  /// Draws which failure, if any, hits a request: one uniform draw per rule.
  fileprivate mutating func drawFailure(_ rules: [FailureRule]) -> InjectedFailure? {
    var hit: InjectedFailure?
    for rule in rules {
      let draw = nextUnitDouble()
      if hit == nil, draw < rule.probability { hit = rule.failure }
    }
    return hit
  }
}
