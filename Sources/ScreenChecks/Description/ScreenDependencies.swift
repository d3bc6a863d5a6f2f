import BenchBasics
import Foundation

/// What the checker hands a screen when it builds it: endpoints for every
/// async dependency, answered by the checker, and the clock its debounce or
/// throttle sleeps on. A screen takes them the way it takes its API client
/// and clock in the app: a closure, or a protocol that forwards to one.
///
/// ```swift
/// SearchViewModel(
///   search: deps.endpoint("search", key: \.query) { request, answer in
///     SearchPage(items: answer.tokens(3).map { Item(id: $0) })
///   },
///   clock: deps.clock)
/// ```
///
/// The checker answers each call: with the endpoint's answer for its
/// request, built from the tokens it hands out (so that what the screen
/// shows of it says which call it came from), with a failure
/// (``ScreenCheckFailure``), late, or never until cancelled; a cancelled call
/// throws `CancellationError` or `URLError(.cancelled)`, as the trial's
/// cancellation style says.
public struct ScreenDependencies: Sendable {
  package let switchboard: Switchboard
  package let display: DisplaySignal
  private let screenClock: any Clock<Duration>
  /// A cost run's calls, answered at once and off the checker's switchboard.
  private let costCalls: CostCalls?

  package init(switchboard: Switchboard, clock: CheckerClock, display: DisplaySignal) {
    self.switchboard = switchboard
    self.screenClock = clock
    self.display = display
    self.costCalls = nil
  }

  /// A cost run's dependencies: every call answered at once, with the
  /// run's payload size, and a clock whose sleeps end at once.
  package init(costCalls: CostCalls, display: DisplaySignal) {
    self.switchboard = Switchboard(
      mode: .gated, cancellationStyle: .cancellationError, lateResponses: false, actions: ActionLog(), trialSerial: 0)
    self.screenClock = ImmediateClock()
    self.display = display
    self.costCalls = costCalls
  }

  /// The screen's clock: time moves when the checker says so; in a cost
  /// run (``ScreenDescription/measureCosts(_:)``), a sleep ends at once.
  public var clock: any Clock<Duration> { screenClock }

  /// An endpoint taking `Request`, answered by the checker.
  /// - Parameters:
  ///   - name: its name in schedule strings: lowercase letters, like `search`.
  ///   - key: what of the request the checker chose: the query a type
  ///     action typed. A call whose key no action typed is a mistake of the
  ///     description; without a key, a call belongs to the action whose
  ///     work made it.
  ///   - answer: the answer for a request, built from the tokens `answer` hands out.
  /// - Returns: the dependency to hand the screen.
  public func endpoint<Request: Sendable, Response: Sendable>(
    _ name: String, key: (@Sendable (Request) -> String)? = nil,
    answer: @escaping @Sendable (Request, AnswerContent) -> Response
  ) -> @Sendable (Request) async throws -> Response {
    if let costCalls {
      return { request in try costCalls.call(endpoint: name) { answer(request, $0) } }
    }
    let switchboard = self.switchboard
    let screen = display.screen
    declare(name)
    return { request in
      try await switchboard.call(
        endpoint: name, request: String(describing: request), key: key?(request),
        answer: { content in
          try BoundedAnswer.run(screen: screen, endpoint: name, switchboard: switchboard) { answer(request, content) }
        },
        failure: { content, status in throw ScreenCheckFailure(call: content.label, status: status) })
    }
  }

  /// An endpoint taking a query: its key is the query itself.
  public func endpoint<Response: Sendable>(
    _ name: String, answer: @escaping @Sendable (String, AnswerContent) -> Response
  ) -> @Sendable (String) async throws -> Response {
    endpoint(name, key: { $0 }, answer: answer)
  }

  /// An endpoint taking nothing, such as a feed to refresh.
  public func endpoint<Response: Sendable>(
    _ name: String, answer: @escaping @Sendable (AnswerContent) -> Response
  ) -> @Sendable () async throws -> Response {
    let call: @Sendable (String) async throws -> Response = endpoint(name, key: nil) { (_: String, content) in
      answer(content)
    }
    return { try await call("()") }
  }

  /// Tells the checker that the screen displayed something, for screens
  /// observed by ``ScreenObservation/displayCalls``; any thread.
  public func displayed() {
    display.fire()
  }

  private func declare(_ name: String) {
    if ScreenNames.isEndpointName(name) {
      switchboard.declare(name)
    } else {
      switchboard.report(.invalidEndpointName(screen: display.screen, name: name))
    }
  }
}

/// Where ``ScreenDependencies/displayed()`` goes: the adapter's change handler.
package final class DisplaySignal: Sendable {
  /// The screen's name, for errors.
  package let screen: String
  private let handler: @Sendable () -> Void

  package init(screen: String, handler: @escaping @Sendable () -> Void) {
    self.screen = screen
    self.handler = handler
  }

  package func fire() { handler() }
}

/// Runs the description's answer closures with a bound: on a thread of
/// their own, waited for at most the switchboard's ``Switchboard/answerBound``.
/// One that does not return (it waits on a semaphore, a lock, the network)
/// stops the check with one line instead of hanging it; its thread is
/// left to it.
enum BoundedAnswer {
  static func run<Response: Sendable>(
    screen: String, endpoint: String, switchboard: Switchboard, _ body: @escaping @Sendable () -> Response
  ) throws -> Response {
    let box = AnswerBox<Response>()
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      box.set(body())
      done.signal()
    }
    let bound = switchboard.answerBound
    guard done.wait(timeout: .now() + .nanoseconds(Int(bound.nanoseconds))) == .success, let response = box.value
    else {
      switchboard.report(.answerNeverReturned(screen: screen, endpoint: endpoint, bound: bound))
      throw CancellationError()
    }
    return response
  }
}

/// An answer handed from the thread that built it.
private final class AnswerBox<Response: Sendable> {
  private let lock = NSLock()
  private var response: Response?

  func set(_ value: Response) { lock.withLock { response = value } }
  var value: Response? { lock.withLock { response } }
}

// Safety: `response` is read and written only while `lock` is held.
extension AnswerBox: @unchecked Sendable {}
