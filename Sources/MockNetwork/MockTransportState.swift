import BenchKit
import Foundation
import ScreenChecks

/// The mock's mutable state: counters, records, parked requests and waiters,
/// all behind one `NSLock`.
///
/// Continuations are resumed after the lock is released, never under it.
final class MockTransportState: GateKeeper {
  /// What `begin` decided for a new request.
  struct Ticket {
    var id: Int
    var start: ContinuousClock.Instant
    var latency: Duration?
    var failure: InjectedFailure?
  }

  private struct Waiter {
    var condition: @Sendable (MockTransportSnapshot) -> Bool
    var signal: OneShotSignal
  }

  private let lock = NSLock()
  private var latencyGenerators: [MockRoute: SeededGenerator] = [:]
  private var failureGenerators: [MockRoute: SeededGenerator] = [:]
  private var counts = MockTransportSnapshot()
  private var allRecords: [RequestRecord] = []
  /// The parked requests; the releasable ones in order of arrival.
  private var gate = Gate<GateReply, PendingRequest>(id: { $0.id }, precedes: { $0.id < $1.id })
  private var waiters: [Int: Waiter] = [:]
  /// The snapshot that satisfied each waiter, until the waiter takes it.
  private var satisfied: [Int: MockTransportSnapshot] = [:]
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
    let request = lock.withLock {
      let record = allRecords[id - 1]
      return PendingRequest(id: id, route: record.route, userID: record.userID)
    }
    return try await waitAtGate(request, id: id, listed: releasable, cancellable: true)
  }

  func withGate<Result>(_ body: (inout Gate<GateReply, PendingRequest>) -> Result) -> Result {
    withLockThenResume { body(&gate) }
  }

  func gateNoted(_ event: GateEvent, of id: Int) {}

  /// Releases up to `limit` parked, releasable requests matching `predicate`, oldest first.
  func release(where predicate: (PendingRequest) -> Bool, limit: Int, with reply: GateReply) -> Int {
    let released = withLockThenResume { gate.release(where: predicate, limit: limit) }
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

  /// Waits, with ``OneShotSignal``'s bound, until `condition` holds for the state.
  /// - Throws: ``MockTransportError/timedOut(waitingFor:after:)`` when the
  ///   bound passes first; `CancellationError` when the waiting task is cancelled.
  func wait(
    _ what: String, timeout: Duration, _ condition: @escaping @Sendable (MockTransportSnapshot) -> Bool
  ) async throws -> MockTransportSnapshot {
    let signal = OneShotSignal()
    let id = lock.withLock { () -> Int in
      nextWaiterID += 1
      let snapshot = currentSnapshot()
      if condition(snapshot) {
        satisfied[nextWaiterID] = snapshot
        // Fired under the lock: nothing waits on it yet, so nothing is resumed here.
        signal.fire()
      } else {
        waiters[nextWaiterID] = Waiter(condition: condition, signal: signal)
      }
      return nextWaiterID
    }
    _ = await withTaskCancellationHandler {
      await signal.wait(timeout: timeout)
    } onCancel: {
      signal.fire()
    }
    let snapshot = lock.withLock { () -> MockTransportSnapshot? in
      waiters[id] = nil
      return satisfied.removeValue(forKey: id)
    }
    if let snapshot { return snapshot }
    try Task.checkCancellation()
    throw MockTransportError.timedOut(waitingFor: what, after: timeout)
  }

  private func currentSnapshot() -> MockTransportSnapshot {
    var snapshot = counts
    snapshot.pending = gate.parked
    return snapshot
  }

  /// Runs `body` under the lock, then resumes the waiters whose condition now holds.
  private func withLockThenResume<Result>(_ body: () -> Result) -> Result {
    var ready: [OneShotSignal] = []
    let result = lock.withLock { () -> Result in
      let result = body()
      guard !waiters.isEmpty else { return result }
      let snapshot = currentSnapshot()
      for (id, waiter) in waiters where waiter.condition(snapshot) {
        waiters[id] = nil
        satisfied[id] = snapshot
        ready.append(waiter.signal)
      }
      return result
    }
    for signal in ready {
      signal.fire()
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
