/// A way for a mock request to go wrong.
public enum InjectedFailure: Sendable, Equatable, CustomStringConvertible {
  /// Answer with this HTTP status and the body `{}`.
  case status(Int)
  /// Throw a transport error instead of answering (`URLError(.networkConnectionLost)`).
  case transportError
  /// Answer 200 with the first half of the real body.
  case truncatedBody
  /// Answer 200 with a body that is not JSON.
  case malformedBody
  /// Never answer; end only when the request's task is cancelled.
  case hangUntilCancelled

  /// `status(500)`, `transport-error`, `truncated-body`, `malformed-body`, `hang`.
  public var description: String {
    switch self {
    case .status(let code): "status(\(code))"
    case .transportError: "transport-error"
    case .truncatedBody: "truncated-body"
    case .malformedBody: "malformed-body"
    case .hangUntilCancelled: "hang"
    }
  }
}

/// A failure injected into a share of a route's requests.
public struct FailureRule: Sendable, Equatable {
  /// What goes wrong.
  public var failure: InjectedFailure
  /// The share of requests it hits, from 0 (never) to 1 (always).
  public var probability: Double

  /// Creates a rule.
  /// - Parameters:
  ///   - failure: what goes wrong.
  ///   - probability: the share of requests it hits; clamped to 0…1.
  public init(_ failure: InjectedFailure, probability: Double = 1) {
    self.failure = failure
    self.probability = min(max(probability, 0), 1)
  }
}

/// How one route of the mock behaves: its latency and its failures.
public struct RouteBehavior: Sendable, Equatable {
  /// How long an answer takes.
  public var latency: LatencyModel
  /// Failures, tried in order; the first whose draw hits is injected.
  public var failures: [FailureRule]

  /// Creates a route behaviour.
  /// - Parameters:
  ///   - latency: how long an answer takes; none by default.
  ///   - failures: failures to inject; none by default.
  public init(latency: LatencyModel = .zero, failures: [FailureRule] = []) {
    self.latency = latency
    self.failures = failures
  }
}

/// What a gated request answers when it is released.
public enum GateReply: Sendable, Equatable {
  /// The answer the dataset gives (or the route's injected failure, if one was drawn).
  case natural
  /// This failure instead.
  case failure(InjectedFailure)
}
