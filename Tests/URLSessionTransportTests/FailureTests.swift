import Foundation
import LoopbackTestSupport
import ProfileScene
import Testing
import URLSessionTransport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What `URLSessionTransport` throws when no response arrives: the task was
/// cancelled, the server is not running, or it does not answer in time.
///
/// Each test bounds its own wait, so a transport that hangs fails instead
/// of stalling the run.
///
/// Per platform: the errors the transport throws are asserted everywhere,
/// since the transport makes its own `URLError(.cancelled)` and the other
/// codes are URLError's documented ones (`.cannotConnectToHost`, "an attempt
/// to connect to a host failed"; `.timedOut`). That the server then sees its
/// connection closed was observed on Linux (swift-corelibs-foundation) only;
/// Apple's URLSession documents no such thing, so it is asserted on Linux only.
@Suite(.timeLimit(.minutes(1)))
struct FailureTests {
  /// Verified on Linux (swift-corelibs-foundation, Swift 6.3.1): cancelling
  /// the task cancels the URLSession task, which throws `URLError(.cancelled)`
  /// (-999, "cancelled"), not `CancellationError`, and closes the connection.
  @Test func cancellingTheTaskThrowsURLErrorCancelledAndClosesTheConnection() async throws {
    try await LoopbackServer.with(["--hang-route", "posts"]) { server in
      let transport = URLSessionTransport()
      let url = server.url("/posts?userId=1")
      let request = Task { try await transport.get(url) }
      try await server.waitForStats("the posts request in flight") { $0.posts.inFlight == 1 }

      let start = ContinuousClock.now
      request.cancel()
      let result = await request.result
      let elapsed = ContinuousClock.now - start

      let error = try #require(result.failure)
      #expect(!(error is CancellationError), "URLSession reports cancellation its own way")
      let urlError = try #require(error as? URLError, "threw \(type(of: error)): \(error)")
      #expect(urlError.code == .cancelled)
      #expect(urlError.failingURL == url)
      #expect(error.isCancellation)
      #expect(elapsed < .seconds(5), "cancellation took \(elapsed)")
      #if os(Linux)
        // Observed on Linux only (see the suite's note).
        try await server.waitForStats("the connection closed") { $0.posts.disconnected == 1 }
      #endif
    }
  }

  /// URLSession alone would start this request and cancel it a moment
  /// later; the server sometimes received it (about 1 run in 20 under
  /// ThreadSanitizer). The transport checks for cancellation first.
  @Test func aTaskCancelledBeforeTheRequestThrowsURLErrorCancelledAndSendsNothing() async throws {
    try await LoopbackServer.with { server in
      let transport = URLSessionTransport()
      let url = server.url("/users/1")
      let request = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return try await transport.get(url)
      }
      let error = try #require(await request.result.failure)
      let urlError = try #require(error as? URLError, "threw \(type(of: error)): \(error)")
      #expect(urlError.code == .cancelled)
      #expect(urlError.failingURL == url)
      let stats = try await server.stats()
      #expect(stats.user.received == 0, "stats: \(stats)")
    }
  }

  @Test func aServerThatIsNotRunningIsRefusedAtOnce() async throws {
    let server = try await LoopbackServer.start()
    let url = server.url("/users/1")
    await server.stop()

    let start = ContinuousClock.now
    let error = await #expect(throws: URLError.self) { try await URLSessionTransport().get(url) }
    let elapsed = ContinuousClock.now - start

    #expect(error?.code == .cannotConnectToHost, "threw \(String(describing: error))")
    #expect(error.map { !$0.isCancellation } == true)
    #expect(elapsed < .seconds(5), "a refused connection took \(elapsed)")
  }

  /// URLSession on Linux truncates `URLRequest.timeoutInterval` to whole
  /// seconds, so 0.5 s would never time out; the transport rounds it up, on
  /// every platform, so that a timeout means the same everywhere.
  @Test(arguments: [Duration.milliseconds(500), .seconds(1)])
  func aServerThatNeverAnswersTimesOutAfterTheTimeoutRoundedUpToASecond(timeout: Duration) async throws {
    try await LoopbackServer.with(["--hang-route", "user"]) { server in
      let transport = URLSessionTransport(timeout: timeout)
      #expect(transport.timeoutInterval == 1)
      let start = ContinuousClock.now
      let error = await #expect(throws: URLError.self) { try await transport.get(server.url("/users/1")) }
      let elapsed = ContinuousClock.now - start

      #expect(error?.code == .timedOut, "threw \(String(describing: error))")
      #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(5), "timed out after \(elapsed)")
      #if os(Linux)
        // Observed on Linux only (see the suite's note).
        try await server.waitForStats("the connection closed") { $0.user.disconnected == 1 }
      #endif
    }
  }
}

extension Result {
  /// The error, if this is a failure.
  fileprivate var failure: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
