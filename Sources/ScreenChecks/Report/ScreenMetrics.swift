import BenchBasics

/// What the work behind the screen cost, per variant: how fast superseded
/// requests were cancelled, how many ran to the end anyway, and what was left
/// running.
public struct ScreenMetrics: Sendable, Equatable {
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
  package mutating func add(_ result: ScreenTrialResult) {
    if result.leftInFlight > 0 {
      trialsLeavingRequestsInFlight += 1
      maxLeftInFlight = max(maxLeftInFlight, result.leftInFlight)
    }
    maxInFlight = max(maxInFlight, Self.peakInFlight(result.calls))
    requests += result.calls.count
    for call in result.calls {
      if case .cancelled = call.outcome { cancelledRequests += 1 }
      if call.outcome.isFailure { failedRequests += 1 }
    }
    for call in result.calls {
      // Superseded by the next action that starts new results: a next page continues them.
      guard call.action >= 1,
        let superseding = result.actions.first(where: { $0.index > call.action && $0.kind.startsGeneration })?.time,
        call.end.map({ $0 > superseding }) ?? true
      else { continue }
      supersededRequests += 1
      switch call.outcome {
      case .cancelled:
        if let end = call.end {
          cancellationLatencies.append((end - superseding).microseconds)
        }
      case .answered, .failed:
        wastedRequests += 1
      case .inFlight:
        break
      }
    }
  }

  /// Merges another set of metrics into this one.
  package mutating func merge(_ other: ScreenMetrics) {
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

  private static func peakInFlight(_ records: [CallRecord]) -> Int {
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
