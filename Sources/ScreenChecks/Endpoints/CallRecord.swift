/// One call of a screen's dependency, from start to end, as the checker answered it.
public struct CallRecord: Sendable, Equatable, Identifiable, CustomStringConvertible {
  /// How a call ended.
  public enum Outcome: Sendable, Equatable, CustomStringConvertible {
    /// Still running.
    case inFlight
    /// Answered, with an HTTP status when the endpoint speaks HTTP.
    case answered(status: Int?)
    /// Failed: the checker answered with a failure, or a real network failed.
    case failed(String)
    /// Ended because its task was cancelled.
    case cancelled

    /// `in-flight`, `completed(200)`, `answered`, `failed(…)`, `cancelled`.
    public var description: String {
      switch self {
      case .inFlight: "in-flight"
      case .answered(let status?): "completed(\(status))"
      case .answered(nil): "answered"
      case .failed(let reason): "failed(\(reason))"
      case .cancelled: "cancelled"
      }
    }

    /// Whether the call failed, or was answered with a status outside 200…299.
    public var isFailure: Bool {
      switch self {
      case .failed: true
      case .answered(let status?): !(200..<300).contains(status)
      case .answered(nil), .inFlight, .cancelled: false
      }
    }
  }

  /// The call's number, in order of arrival from 1.
  public let id: Int
  /// What it asks for: endpoint, action and ordinal.
  public let label: CallLabel
  /// The request, as the checker read it (a URL, a query).
  public let request: String
  /// The request's key, when the endpoint reads one (the query it answers).
  public let key: String?
  /// When it arrived.
  public let start: ContinuousClock.Instant
  /// The latency drawn for it in stress mode; `nil` when gated (it then
  /// lasts until released or cancelled) or answered by a real network.
  public let plannedLatency: Duration?
  /// When it ended, if it has.
  public internal(set) var end: ContinuousClock.Instant?
  /// How it ended.
  public internal(set) var outcome: Outcome
  /// The tokens its answer handed out (see ``AnswerContent``).
  public internal(set) var tokens: [String] = []
  /// The action whose work the calling task did (``ActionWork``), when it
  /// did a trial's: what ties a change the call's answer caused to the
  /// call, whichever action its key names.
  package internal(set) var work: Int?

  package init(
    id: Int, label: CallLabel, request: String, key: String?, start: ContinuousClock.Instant,
    plannedLatency: Duration?, end: ContinuousClock.Instant?, outcome: Outcome
  ) {
    self.id = id
    self.label = label
    self.request = request
    self.key = key
    self.start = start
    self.plannedLatency = plannedLatency
    self.end = end
    self.outcome = outcome
  }

  /// The action the call was made for.
  public var action: Int { label.action }
  /// The endpoint called.
  public var endpoint: String { label.endpoint }

  /// The time from arrival to answer (or to cancellation), once ended.
  public var achievedLatency: Duration? { end.map { $0 - start } }

  /// `#3 search2 "q2" cancelled`.
  public var description: String { "#\(id) \(label) \(request) \(outcome)" }
}

/// A gated call waiting to be answered.
public struct PendingCall: Sendable, Equatable, CustomStringConvertible {
  /// The call's number (see ``CallRecord/id``).
  public let id: Int
  /// What it asks for.
  public let label: CallLabel

  /// `#3 search2`.
  public var description: String { "#\(id) \(label)" }
}

/// Counts of a trial's calls, read at one instant.
public struct SwitchboardSnapshot: Sendable, Equatable {
  /// Calls made.
  public var started = 0
  /// Calls answered.
  public var answered = 0
  /// Calls failed.
  public var failed = 0
  /// Calls cancelled.
  public var cancelled = 0
  /// Calls running now.
  public var inFlight = 0
  /// The most calls ever running at once.
  public var maxInFlight = 0
  /// Gated calls waiting to be answered, in label order (``CallLabel``).
  public var pending: [PendingCall] = []
}
