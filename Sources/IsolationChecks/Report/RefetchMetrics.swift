import BenchKit
import MockNetwork

/// What the work behind the screen cost, per variant: how fast superseded
/// requests were cancelled, how many ran to the end anyway, and what was left
/// running.
public struct RefetchMetrics: Sendable, Equatable {
  /// Time from the superseding tap to the transport seeing the superseded
  /// request cancelled, in microseconds, one sample per cancelled request.
  public var cancellationLatencies: [Double] = []
  /// Requests still running when a later tap was made.
  public var supersededRequests = 0
  /// Superseded requests that ran to completion (or to their failure) anyway.
  public var wastedRequests = 0
  /// Trials whose requests were not all finished when the taps' work was.
  public var trialsLeavingRequestsInFlight = 0
  /// The most requests left in flight by one trial.
  public var maxLeftInFlight = 0
  /// The most requests one trial had in flight at once.
  public var maxInFlight = 0
  /// Transport requests made.
  public var requests = 0
  /// Transport requests that ended cancelled.
  public var cancelledRequests = 0
  /// Transport requests that failed: an injected failure, a status outside
  /// 2xx, or a transport error other than a cancellation.
  public var failedRequests = 0

  /// Creates empty metrics.
  public init() {}

  /// The percentile `fraction` of ``cancellationLatencies``, or `nil` without samples.
  public func cancellationLatency(percentile fraction: Double) -> Double? {
    guard !cancellationLatencies.isEmpty else { return nil }
    return Statistics.percentile(fraction, ofSorted: cancellationLatencies.sorted())
  }

  /// Adds one trial's requests.
  mutating func add(_ result: RefetchTrialResult) {
    if result.leftInFlight > 0 {
      trialsLeavingRequestsInFlight += 1
      maxLeftInFlight = max(maxLeftInFlight, result.leftInFlight)
    }
    maxInFlight = max(maxInFlight, Self.peakInFlight(result.requests))
    requests += result.requests.count
    for record in result.requests {
      switch record.outcome {
      case .cancelled: cancelledRequests += 1
      case .failed: failedRequests += 1
      case .completed(let status) where !(200..<300).contains(status): failedRequests += 1
      case .completed, .inFlight: break
      }
    }
    for record in result.requests {
      guard let tap = record.userID, tap >= 1, tap < result.tapTimes.count else { continue }
      let superseding = result.tapTimes[tap]
      guard record.end.map({ $0 > superseding }) ?? true else { continue }
      supersededRequests += 1
      switch record.outcome {
      case .cancelled:
        if let end = record.end {
          cancellationLatencies.append((end - superseding).microseconds)
        }
      case .completed, .failed:
        wastedRequests += 1
      case .inFlight:
        break
      }
    }
  }

  /// Merges another set of metrics into this one.
  mutating func merge(_ other: RefetchMetrics) {
    cancellationLatencies += other.cancellationLatencies
    supersededRequests += other.supersededRequests
    wastedRequests += other.wastedRequests
    trialsLeavingRequestsInFlight += other.trialsLeavingRequestsInFlight
    maxLeftInFlight = max(maxLeftInFlight, other.maxLeftInFlight)
    maxInFlight = max(maxInFlight, other.maxInFlight)
    requests += other.requests
    cancelledRequests += other.cancelledRequests
    failedRequests += other.failedRequests
  }

  private static func peakInFlight(_ records: [RequestRecord]) -> Int {
    var edges: [(ContinuousClock.Instant, Int)] = []
    for record in records {
      edges.append((record.start, 1))
      if let end = record.end { edges.append((end, -1)) }
    }
    edges.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
    var current = 0
    var peak = 0
    for edge in edges {
      current += edge.1
      peak = max(peak, current)
    }
    return peak
  }
}
