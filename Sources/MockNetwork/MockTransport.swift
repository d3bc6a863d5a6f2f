import BenchKit
import Foundation
import ProfileScene

/// An in-process `HTTPTransport` with configurable latency, failures,
/// cancellation style and gates, that records every request.
///
/// It serves `/users/{id}` and `/posts?userId={id}` from a ``MockDataset``.
/// Latency per route is drawn from seeded generators (one per route), and
/// requests sleep until a deadline with zero tolerance, recording the latency
/// they achieved. In gate mode, requests park until the caller releases them,
/// so a test can fix any interleaving of responses without sleeping.
///
/// - Note: safe to call from any task; all state is behind one lock, never
///   held across an `await`.
public final class MockTransport: HTTPTransport {
  /// Everything that decides how the mock answers.
  public struct Configuration: Sendable {
    /// The data served.
    public var dataset: MockDataset
    /// How `/users/{id}` behaves.
    public var user: RouteBehavior
    /// How `/posts?userId={id}` behaves.
    public var posts: RouteBehavior
    /// How cancellation is reported.
    public var cancellationStyle: CancellationStyle
    /// Whether requests park until released (see ``MockTransport/release(_:with:)``).
    public var gated: Bool
    /// The seed of the latency and failure draws.
    public var seed: UInt64

    /// Creates a configuration; by default, jsonplaceholder's data, no
    /// latency, no failures, `CancellationError`, not gated, seed 1.
    public init(
      dataset: MockDataset = MockDataset(),
      user: RouteBehavior = RouteBehavior(),
      posts: RouteBehavior = RouteBehavior(),
      cancellationStyle: CancellationStyle = .cancellationError,
      gated: Bool = false,
      seed: UInt64 = 1
    ) {
      self.dataset = dataset
      self.user = user
      self.posts = posts
      self.cancellationStyle = cancellationStyle
      self.gated = gated
      self.seed = seed
    }

    /// Both routes with the same latency.
    public init(latency: LatencyModel, cancellationStyle: CancellationStyle = .cancellationError, seed: UInt64 = 1) {
      self.init(
        user: RouteBehavior(latency: latency), posts: RouteBehavior(latency: latency),
        cancellationStyle: cancellationStyle, seed: seed)
    }

    func behavior(for route: MockRoute) -> RouteBehavior {
      switch route {
      case .user: user
      case .posts: posts
      case .other: RouteBehavior()
      }
    }
  }

  /// The configuration this mock was made with.
  public let configuration: Configuration
  let state: MockTransportState

  /// Creates a mock.
  /// - Parameter configuration: how it answers.
  public init(_ configuration: Configuration = Configuration()) {
    self.configuration = configuration
    self.state = MockTransportState(seed: configuration.seed)
  }

  /// Answers a GET as the configuration says.
  /// - Throws: `CancellationError` or `URLError(.cancelled)` (per the
  ///   cancellation style) when the calling task is cancelled before the
  ///   answer; `URLError(.networkConnectionLost)` for an injected transport error.
  public func get(_ url: URL) async throws -> TransportResponse {
    let (route, userID) = MockRoute.match(url)
    let behavior = configuration.behavior(for: route)
    let ticket = state.begin(
      route: route, url: url, userID: userID, behavior: behavior, gated: configuration.gated,
      now: .now)

    var failure = ticket.failure
    do {
      if configuration.gated {
        if case .failure(let chosen) = try await state.park(ticket.id, releasable: true) {
          failure = chosen
        }
      }
      if failure == .hangUntilCancelled {
        _ = try await state.park(ticket.id, releasable: false)
      } else if let latency = ticket.latency, latency > .zero {
        try await Task.sleep(until: ticket.start + latency, tolerance: .zero, clock: .continuous)
      }
    } catch {
      state.finish(ticket.id, outcome: .cancelled, now: .now)
      throw configuration.cancellationStyle.error
    }

    if let failure {
      state.finish(ticket.id, outcome: .failed(failure), now: .now)
      return try failedResponse(failure, route: route, userID: userID)
    }
    let response = configuration.dataset.response(route: route, userID: userID)
    state.finish(ticket.id, outcome: .completed(status: response.statusCode), now: .now)
    return response
  }

  // MARK: - Observation

  /// The counts and pending requests now.
  public var snapshot: MockTransportSnapshot { state.snapshot() }

  /// Every request received so far, in order of arrival.
  public var records: [RequestRecord] { state.records() }

  /// The requests received since the first `count`, in order of arrival:
  /// what one iteration of a benchmark asked, without copying the rest.
  /// - Parameter count: how many records to skip (a previous `snapshot.started`).
  public func records(after count: Int) -> [RequestRecord] { state.records(after: count) }

  /// Waits until `condition` holds for the mock's state, or `timeout` passes.
  /// - Parameters:
  ///   - what: a few words naming the condition, for the timeout error.
  ///   - timeout: the bound on the wait.
  ///   - condition: checked now and after every change of state.
  /// - Returns: the snapshot that satisfied `condition`.
  /// - Throws: ``MockTransportError/timedOut(waitingFor:after:)`` when the
  ///   bound passes first; `CancellationError` when the waiting task is cancelled.
  @discardableResult
  public func waitUntil(
    _ what: String,
    timeout: Duration = .seconds(10),
    _ condition: @escaping @Sendable (MockTransportSnapshot) -> Bool
  ) async throws -> MockTransportSnapshot {
    try await state.wait(what, timeout: timeout, condition)
  }

  /// Waits until at least `count` gated requests (of `route`, if given) are parked.
  /// - Returns: the parked requests of that route, oldest first.
  @discardableResult
  public func waitForPending(
    _ count: Int, route: MockRoute? = nil, timeout: Duration = .seconds(10)
  ) async throws -> [PendingRequest] {
    let what = "\(count) pending \(route.map { "\($0) " } ?? "")request(s)"
    let snapshot = try await waitUntil(what, timeout: timeout) { snapshot in
      snapshot.pending.filter { route == nil || $0.route == route }.count >= count
    }
    return snapshot.pending.filter { route == nil || $0.route == route }
  }

  /// Waits until no request is in flight.
  public func waitUntilIdle(timeout: Duration = .seconds(10)) async throws {
    try await waitUntil("no request in flight", timeout: timeout) { $0.inFlight == 0 }
  }

  // MARK: - Gates

  /// Releases one parked request.
  /// - Parameters:
  ///   - id: the request's number.
  ///   - reply: what it answers; its natural answer by default.
  /// - Returns: whether the request was parked (a cancelled or released
  ///   request is no longer).
  @discardableResult
  public func release(_ id: Int, with reply: GateReply = .natural) -> Bool {
    state.release(where: { $0.id == id }, limit: 1, with: reply) == 1
  }

  /// Releases the oldest parked request (of `route`, if given).
  /// - Returns: the request released, if one was parked.
  @discardableResult
  public func releaseNext(route: MockRoute? = nil, with reply: GateReply = .natural) -> PendingRequest? {
    let next = snapshot.pending.first { route == nil || $0.route == route }
    guard let next, release(next.id, with: reply) else { return nil }
    return next
  }

  /// Releases every parked request (of `route`, if given).
  /// - Returns: how many were released.
  @discardableResult
  public func releaseAll(route: MockRoute? = nil, with reply: GateReply = .natural) -> Int {
    state.release(where: { route == nil || $0.route == route }, limit: .max, with: reply)
  }

  // MARK: - Answers

  private func failedResponse(_ failure: InjectedFailure, route: MockRoute, userID: Int?) throws
    -> TransportResponse
  {
    switch failure {
    case .status(let code):
      return TransportResponse(statusCode: code, body: Data("{}".utf8))
    case .transportError:
      throw URLError(.networkConnectionLost)
    case .truncatedBody:
      let body = configuration.dataset.response(route: route, userID: userID).body
      return TransportResponse(statusCode: 200, body: body.prefix(body.count / 2))
    case .malformedBody:
      return TransportResponse(statusCode: 200, body: Data("<html>Service Unavailable</html>".utf8))
    case .hangUntilCancelled:
      preconditionFailure("a hanging request ends only by cancellation")
    }
  }
}
