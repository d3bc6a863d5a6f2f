import Foundation
import ProfileScene

/// Wraps any `HTTPTransport` and records every request it passes on, as
/// ``MockTransport`` records its own: route, start, end and outcome.
///
/// With a real transport (URLSession against a server), the achieved latency
/// is what the client saw: from the call to the answer, network stack included.
/// The benchmarks use it to compute their ideal over real HTTP as they do over
/// the mock.
///
/// - Note: safe to call from any task; the records are behind a lock that is
///   never held across an `await`.
public final class RecordingTransport: HTTPTransport {
  /// The transport requests go to.
  public let base: any HTTPTransport
  private let lock = NSLock()
  private var allRecords: [RequestRecord] = []

  /// Wraps `base`.
  public init(_ base: any HTTPTransport) {
    self.base = base
  }

  /// Every request so far, in order of arrival.
  public var records: [RequestRecord] { lock.withLock { allRecords } }

  /// The requests received since the first `count`, in order of arrival.
  public func records(after count: Int) -> [RequestRecord] {
    lock.withLock { Array(allRecords.dropFirst(max(count, 0))) }
  }

  /// How many requests were received so far.
  public var started: Int { lock.withLock { allRecords.count } }

  /// Passes the request on and records it.
  public func get(_ url: URL) async throws -> TransportResponse {
    let (route, userID) = MockRoute.match(url)
    let id = lock.withLock { () -> Int in
      allRecords.append(
        RequestRecord(
          id: allRecords.count + 1, route: route, url: url, userID: userID, start: .now, plannedLatency: nil,
          end: nil, outcome: .inFlight))
      return allRecords.count
    }
    do {
      let response = try await base.get(url)
      finish(id, .completed(status: response.statusCode))
      return response
    } catch {
      finish(id, error.isCancellation ? .cancelled : .failed(.transportError))
      throw error
    }
  }

  private func finish(_ id: Int, _ outcome: RequestRecord.Outcome) {
    let now = ContinuousClock.now
    lock.withLock {
      allRecords[id - 1].end = now
      allRecords[id - 1].outcome = outcome
    }
  }
}

// Safety: `allRecords`, the only mutable state, is read and written only while `lock` is held.
extension RecordingTransport: @unchecked Sendable {}
