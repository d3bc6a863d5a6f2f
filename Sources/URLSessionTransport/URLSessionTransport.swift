import Foundation
import ProfileScene

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An `HTTPTransport` over `URLSession`: the profile scene on a real network
/// stack.
///
/// It lives in its own target so that `ProfileScene` never links
/// FoundationNetworking (and, on Linux, libcurl).
///
/// Cancellation: the request is a `URLSessionDataTask` that is cancelled when
/// the calling task is (not `URLSession`'s `async` `data(for:)`, which can
/// deadlock on Linux when cancelled as its answer arrives; see `data(for:)`
/// below). On Linux (swift-corelibs-foundation, Swift 6.3.1) this was
/// verified against a loopback server: the call throws `URLError(.cancelled)`
/// (code -999, description "cancelled") within a few milliseconds of the
/// cancel, and the server sees its connection closed. It never throws
/// `CancellationError`; `Error.isCancellation` recognises both.
///
/// A task that is already cancelled when it calls ``get(_:)`` gets the same
/// `URLError(.cancelled)` without sending anything. URLSession alone does not
/// promise that: on Linux it starts the request and cancels it a moment
/// later, and the server sometimes receives it first.
///
/// Failures of the network pass through as URLSession reports them: a server
/// that is not running throws `URLError(.cannotConnectToHost)` at once; a
/// server that accepts the request but does not answer throws
/// `URLError(.timedOut)` once ``timeout`` has passed.
///
/// - Note: safe to call from any task; the transport holds only immutable state.
public final class URLSessionTransport: HTTPTransport {
  /// How long a request may wait for its answer, unless told otherwise: 30 seconds.
  public static let defaultTimeout: Duration = .seconds(30)

  /// The session requests are made with.
  public let session: URLSession
  /// How long a request may wait for its answer before it fails with
  /// `URLError(.timedOut)`, as given to `init`.
  ///
  /// URLSession on Linux counts this in whole seconds: it truncates
  /// `URLRequest.timeoutInterval` to an integer, so that 0.5 seconds becomes
  /// zero and every request times out at once. Requests therefore use
  /// ``timeoutInterval``, this duration rounded up to whole seconds.
  public let timeout: Duration
  /// The timeout requests are made with: ``timeout`` rounded up to whole
  /// seconds, at least one.
  public let timeoutInterval: TimeInterval
  private let ownsSession: Bool

  /// Creates a transport with a session of its own.
  /// - Parameters:
  ///   - timeout: how long a request may wait for its answer; 30 seconds by
  ///     default. Rounded up to whole seconds (see ``timeout``).
  ///   - configuration: the session's configuration; `.ephemeral` by default,
  ///     so that no cache or cookie carries state from one request to the next.
  public convenience init(
    timeout: Duration = URLSessionTransport.defaultTimeout,
    configuration: URLSessionConfiguration = .ephemeral
  ) {
    self.init(session: URLSession(configuration: configuration), timeout: timeout, ownsSession: true)
  }

  /// Creates a transport over an existing session, which stays the caller's.
  /// - Parameters:
  ///   - session: the session to make requests with.
  ///   - timeout: how long a request may wait for its answer; 30 seconds by
  ///     default. Rounded up to whole seconds (see ``timeout``).
  public convenience init(session: URLSession, timeout: Duration = URLSessionTransport.defaultTimeout) {
    self.init(session: session, timeout: timeout, ownsSession: false)
  }

  private init(session: URLSession, timeout: Duration, ownsSession: Bool) {
    precondition(timeout > .zero, "a transport's timeout must be above zero, not \(timeout)")
    self.session = session
    self.timeout = timeout
    self.timeoutInterval = max(1, timeout.timeInterval.rounded(.up))
    self.ownsSession = ownsSession
  }

  deinit {
    if ownsSession { session.finishTasksAndInvalidate() }
  }

  /// GETs `url` with URLSession.
  /// - Parameter url: the absolute URL to GET.
  /// - Returns: the status code and the body, whatever the status.
  /// - Throws: `URLError(.cancelled)` when the calling task is cancelled
  ///   (before or during the request); URLSession's other `URLError`s when
  ///   no response arrived (`.cannotConnectToHost`, `.timedOut`, …);
  ///   ``URLSessionTransportError`` when the response is not HTTP.
  public func get(_ url: URL) async throws -> TransportResponse {
    if Task.isCancelled { throw Self.cancelled(url) }
    var request = URLRequest(url: url)
    request.httpMethod = "GET"
    request.cachePolicy = .reloadIgnoringLocalCacheData
    // Set through the property: on Linux, a timeout passed to URLRequest's
    // initializer is ignored in favour of the session's (60 s by default).
    request.timeoutInterval = timeoutInterval
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    let (body, response) = try await data(for: request)
    return try Self.transportResponse(for: response, body: body, url: url)
  }

  /// URLSession's `data(for:)`, without its deadlock and without its crash.
  ///
  /// On Linux (Swift 6.3.1), `URLSession.data(for:)` cancels its task from
  /// inside the cancellation handler, which runs under the Swift task's
  /// status lock, and waits there for URLSession's work queue; a request
  /// completing at that moment holds the work queue and waits for the same
  /// status lock to resume its caller. Cancelling a load while its answer
  /// arrives (what a second tap on "refresh" does) then hangs both threads for
  /// good (swift-corelibs-foundation issue 5412). Cancelling a data task whose
  /// answer has just completed also traps inside FoundationNetworking ("Trying
  /// to access a behaviour for a task that in not in the registry").
  ///
  /// So: the caller is resumed exactly once, by whichever comes first, the
  /// completion handler or the cancellation, and at once on cancellation; the
  /// cancellation handler only hands its work to another queue; and the data
  /// task itself is cancelled (closing the connection) only if it is still
  /// unanswered ``abandonGrace`` later. An answer that was on its way simply
  /// finishes in the background and is dropped, which keeps the cancel away
  /// from the moment the answer completes, where FoundationNetworking traps.
  /// The race is made unlikely, not impossible: an answer that completes
  /// exactly as the grace ends can still meet the cancel.
  private func data(for request: URLRequest) async throws -> (Data, URLResponse) {
    let pending = PendingDataTask(cancellationError: Self.cancelled(request.url!))
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = session.dataTask(with: request) { body, response, error in
          if let error {
            pending.finish(.failure(Self.urlError(error)))
          } else if let response {
            pending.finish(.success((body ?? Data(), response)))
          } else {
            pending.finish(.failure(URLError(.badServerResponse)))
          }
        }
        if pending.start(task, continuation: continuation) {
          task.resume()
        }
      }
    } onCancel: {
      pending.cancel()
    }
  }

  /// `error` as the `URLError` URLSession's `async` API throws.
  private static func urlError(_ error: any Error) -> any Error {
    if error is URLError { return error }
    let nsError = error as NSError
    guard nsError.domain == NSURLErrorDomain, let code = URLError.Code(rawValue: nsError.code) else { return error }
    return URLError(code, userInfo: nsError.userInfo)
  }

  /// Turns what URLSession returned into a status and a body.
  /// - Parameters:
  ///   - response: URLSession's response.
  ///   - body: the body it delivered.
  ///   - url: the URL that was requested, for the error message.
  /// - Returns: the response's status code and `body`.
  /// - Throws: ``URLSessionTransportError/notHTTP(url:)`` when `response` is
  ///   not an `HTTPURLResponse`; ``URLSessionTransportError/invalidStatus(_:url:)``
  ///   when its status is outside 100–599.
  public static func transportResponse(for response: URLResponse, body: Data, url: URL) throws
    -> TransportResponse
  {
    guard let http = response as? HTTPURLResponse else {
      throw URLSessionTransportError.notHTTP(url: url)
    }
    guard (100...599).contains(http.statusCode) else {
      throw URLSessionTransportError.invalidStatus(http.statusCode, url: url)
    }
    return TransportResponse(statusCode: http.statusCode, body: body)
  }

  /// The error URLSession throws for a cancelled request of `url`.
  /// How long a cancelled request's data task may still finish on its own
  /// before it is cancelled (see `data(for:)`).
  static let abandonGrace = DispatchTimeInterval.milliseconds(100)

  private static func cancelled(_ url: URL) -> URLError {
    URLError(
      .cancelled,
      userInfo: [
        NSURLErrorFailingURLErrorKey: url,
        NSLocalizedDescriptionKey: "cancelled",
      ])
  }
}

/// The data task of one request and the continuation of its caller, shared
/// by the request, its completion handler and its cancellation handler.
///
/// - Note: the caller's continuation is resumed exactly once.
private final class PendingDataTask {
  private let lock = NSLock()
  private let cancellationError: URLError
  private var task: URLSessionDataTask?
  private var continuation: CheckedContinuation<(Data, URLResponse), any Error>?
  private var isCancelled = false
  private var isFinished = false

  init(cancellationError: URLError) {
    self.cancellationError = cancellationError
  }

  /// Records `task` and the caller's continuation, unless the request was
  /// already cancelled, in which case the caller is resumed with the
  /// cancellation at once.
  /// - Returns: whether to start the task.
  func start(
    _ task: URLSessionDataTask, continuation: CheckedContinuation<(Data, URLResponse), any Error>
  ) -> Bool {
    let cancelled = lock.withLock { () -> Bool in
      guard !isCancelled else { return true }
      self.task = task
      self.continuation = continuation
      return false
    }
    if cancelled { continuation.resume(throwing: cancellationError) }
    return !cancelled
  }

  /// Resumes the caller with the task's result, unless it was resumed already.
  func finish(_ result: Result<(Data, URLResponse), any Error>) {
    let continuation = lock.withLock { () -> CheckedContinuation<(Data, URLResponse), any Error>? in
      isFinished = true
      defer { self.continuation = nil }
      return self.continuation
    }
    continuation?.resume(with: result)
  }

  /// Resumes the caller with the cancellation now, and cancels the data task
  /// if it is still unanswered after ``URLSessionTransport/abandonGrace``.
  ///
  /// - Note: called under the Swift task's status lock, so everything runs on
  ///   another queue: resuming the caller and cancelling the data task both
  ///   need locks that a completing request may hold.
  func cancel() {
    let (task, continuation) = lock.withLock {
      () -> (URLSessionDataTask?, CheckedContinuation<(Data, URLResponse), any Error>?) in
      isCancelled = true
      defer { self.continuation = nil }
      return (self.task, self.continuation)
    }
    let error = cancellationError
    DispatchQueue.global().async { continuation?.resume(throwing: error) }
    guard let task else { return }
    DispatchQueue.global().asyncAfter(deadline: .now() + URLSessionTransport.abandonGrace) {
      let unanswered = self.lock.withLock { !self.isFinished }
      if unanswered, task.state == .running { task.cancel() }
    }
  }
}

// Safety: `task`, `continuation`, `isCancelled` and `isFinished`, the only mutable state, are read and written only while
// `lock` is held; the continuation is taken out under the lock, so it is resumed once.
extension PendingDataTask: @unchecked Sendable {}

extension Duration {
  /// This duration in seconds, as Foundation's `TimeInterval`.
  fileprivate var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}
