import Foundation

/// A cost run's side of every endpoint: each call is answered at once with
/// the run's payload size, counted, and when its answer was built, and the
/// process's CPU time meanwhile, are kept apart, so that what the screen's
/// own code used is what is left. Building a large JSON answer takes far
/// longer than decoding it (0.12 s against 0.02 s for 20,000 items here).
// Safety: `tally`, `payloadSize` and `ids` are read and written only with `lock` held.
package final class CostCalls: @unchecked Sendable {
  /// What the calls since the last ``reset(payloadSize:)`` did.
  package struct Tally: Sendable, Equatable {
    /// Calls made, and those still under way.
    package var started = 0
    package var inFlight = 0
    /// The process's CPU time while answers were being built: whatever
    /// ran then is the answers' building, or noise.
    package var answerProcessCPU: Duration = .zero
    /// When answers were being built: a cost run leaves these stretches out.
    package var answerIntervals: [ClosedRange<ContinuousClock.Instant>] = []
    /// The bytes of the answers that were bytes (`Data`).
    package var bytes = 0
    /// The tokens and numbers the answers handed out: what an answer built
    /// from ``AnswerContent/payloadSize`` grows by.
    package var items = 0
    /// The wall time spent building answers: time to result leaves it out, as it leaves out the network.
    package var answerWall: Duration {
      answerIntervals.reduce(.zero) { $0 + $1.lowerBound.duration(to: $1.upperBound) }
    }
    /// When the last call ended.
    package var lastEnded: ContinuousClock.Instant?
  }

  // Safety: the fields below are read and written only with `lock` held.
  private let lock = NSLock()
  private var tally = Tally()
  private var payloadSize = 1
  private var ids = 0

  package init() {}

  /// Starts a new measurement: counts from zero, answers carrying `payloadSize` items.
  package func reset(payloadSize: Int) {
    lock.withLock {
      tally = Tally()
      self.payloadSize = payloadSize
    }
  }

  /// The payload size answers carry now.
  package var payloadSizeNow: Int { lock.withLock { payloadSize } }

  /// What the calls did since the last reset.
  package var current: Tally { lock.withLock { tally } }

  /// Answers one call: at once, unless its task is cancelled.
  package func call<Response>(endpoint: String, answer: (AnswerContent) -> Response) throws -> Response {
    let (id, size) = lock.withLock { () -> (Int, Int) in
      ids += 1
      tally.started += 1
      tally.inFlight += 1
      return (ids, payloadSize)
    }
    defer {
      lock.withLock {
        tally.inFlight -= 1
        tally.lastEnded = .now
      }
    }
    try Task.checkCancellation()
    let content = AnswerContent(
      costCall: id, label: CallLabel(endpoint: endpoint, action: id, ordinal: 1, rank: 0), payloadSize: size)
    let before = CPUTime.process()
    let started = ContinuousClock.now
    let response = answer(content)
    let ended = ContinuousClock.now
    let used = CPUTime.process() - before
    let bytes = (response as? Data)?.count ?? 0
    lock.withLock {
      tally.answerProcessCPU += used
      tally.answerIntervals.append(started...ended)
      tally.bytes += bytes
      tally.items += content.itemsHandedOut
    }
    return response
  }
}

/// A clock whose sleeps end at once (after a cancellation check), for cost
/// runs: a debounce costs the main actor nothing, and time to result leaves
/// it out.
package struct ImmediateClock: Clock {
  package struct Instant: InstantProtocol {
    package var offset: Duration
    package func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    package func duration(to other: Instant) -> Duration { other.offset - offset }
    package static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  package init() {}

  package var now: Instant { Instant(offset: .zero) }
  package var minimumResolution: Duration { .zero }

  package func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
  }
}

extension AnswerContent {
  /// `object` as JSON bytes, as a server would send it: build it from the
  /// answer's tokens, so that the screen's own client decodes it where its
  /// code decodes.
  ///
  /// ```swift
  /// deps.endpoint("search", key: \.text) { query, answer in
  ///   answer.json(["items": answer.tokens(answer.payloadSize ?? 2).map { ["id": $0] }])
  /// }
  /// ```
  /// - Parameter object: dictionaries, arrays, strings, numbers and booleans.
  /// - Returns: the JSON. When `object` is not valid JSON, bytes that say
  ///   so and are not JSON, so that the screen's decoder fails where it
  ///   would on a server's mistake.
  public func json(_ object: Any) -> Data {
    guard JSONSerialization.isValidJSONObject(object),
      let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    else { return Data("\(label): the answer's object is not valid JSON".utf8) }
    return data
  }
}
