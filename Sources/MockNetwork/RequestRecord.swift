import Foundation

/// One request the mock received, from start to end.
public struct RequestRecord: Sendable, Equatable, Identifiable {
  /// How a request ended.
  public enum Outcome: Sendable, Equatable, CustomStringConvertible {
    /// Still running.
    case inFlight
    /// Answered as the dataset says, with this status.
    case completed(status: Int)
    /// Ended by an injected failure (a status, a bad body, a transport error).
    case failed(InjectedFailure)
    /// Ended because its task was cancelled.
    case cancelled

    /// `in-flight`, `completed(200)`, `failed(status(500))`, `cancelled`.
    public var description: String {
      switch self {
      case .inFlight: "in-flight"
      case .completed(let status): "completed(\(status))"
      case .failed(let failure): "failed(\(failure))"
      case .cancelled: "cancelled"
      }
    }
  }

  /// The request's number, in order of arrival from 1.
  public let id: Int
  /// The endpoint.
  public let route: MockRoute
  /// The URL asked for.
  public let url: URL
  /// The user id in the URL, if any.
  public let userID: Int?
  /// When the mock received it.
  public let start: ContinuousClock.Instant
  /// The latency drawn for it; `nil` when gated or hanging (it then lasts
  /// until released or cancelled).
  public let plannedLatency: Duration?
  /// When it ended, if it has.
  public internal(set) var end: ContinuousClock.Instant?
  /// How it ended.
  public internal(set) var outcome: Outcome

  /// The time from arrival to answer (or to cancellation), once ended.
  public var achievedLatency: Duration? { end.map { $0 - start } }
}

/// A gated request waiting to be released.
public struct PendingRequest: Sendable, Equatable, CustomStringConvertible {
  /// The request's number (see ``RequestRecord/id``).
  public let id: Int
  /// The endpoint.
  public let route: MockRoute
  /// The user id in the URL, if any.
  public let userID: Int?

  /// `#3 posts(user 2)`.
  public var description: String { "#\(id) \(route)(user \(userID.map(String.init) ?? "-"))" }
}

/// Counts of what the mock has seen, read at one instant.
public struct MockTransportSnapshot: Sendable, Equatable {
  /// Requests received.
  public var started = 0
  /// Requests answered as the dataset says.
  public var completed = 0
  /// Requests ended by an injected failure.
  public var failed = 0
  /// Requests ended by cancellation.
  public var cancelled = 0
  /// Requests running now.
  public var inFlight = 0
  /// The most requests ever running at once.
  public var maxInFlight = 0
  /// Gated requests waiting to be released, oldest first.
  public var pending: [PendingRequest] = []
}

/// Errors of the mock's own API (not of the requests it serves).
public enum MockTransportError: Error, Equatable, CustomStringConvertible {
  /// A wait for the mock's state ran out of time.
  case timedOut(waitingFor: String, after: Duration)

  /// One line saying what was awaited and for how long.
  public var description: String {
    switch self {
    case .timedOut(let what, let limit):
      "timed out after \(limit) waiting for \(what)"
    }
  }
}
