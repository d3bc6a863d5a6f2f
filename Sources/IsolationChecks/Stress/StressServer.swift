import Foundation
import ProfileScene

/// A real network for stress mode: any transport, and the API root under
/// which it serves `users/{id}` and `posts?userId={id}`.
///
/// Give one to ``RefetchChecker/runStress(_:over:)`` to run the stress trials
/// against a server (URLSession against a loopback or staging server, say)
/// instead of the checker's in-process mock:
///
/// ```swift
/// let server = StressServer(
///   transport: URLSessionTransport(timeout: .seconds(10)),
///   baseURL: URL(string: "http://127.0.0.1:8080")!)
/// let report = try await RefetchChecker(scene: scene).runStress(
///   StressOptions(trials: 200, concurrency: 1, maxActionGap: .milliseconds(5)), over: server)
/// ```
public struct StressServer: Sendable {
  /// The network every trial shares; each trial records its own requests
  /// through a `RecordingTransport` around it.
  public var transport: any HTTPTransport
  /// The API root the worker resolves its routes against.
  public var baseURL: URL

  /// Describes a server.
  /// - Parameters:
  ///   - transport: the network to use; it must honour task cancellation.
  ///   - baseURL: the API root.
  public init(transport: any HTTPTransport, baseURL: URL) {
    self.transport = transport
    self.baseURL = baseURL
  }

  /// Loads, once, the profile of every user a trial of `taps` taps asks for
  /// (tap `n` asks for user `n`), so that trials grade each display by the
  /// user it shows, as over the mock.
  /// - Parameter taps: taps per trial.
  /// - Returns: what each user's profile shows on this server, by user id.
  /// - Throws: the first error a load met.
  func loadExpectedContent(taps: Int) async throws -> [String: ProfileContent] {
    let worker = ProfileWorker(transport: transport, baseURL: baseURL)
    var content: [String: ProfileContent] = [:]
    for user in 1...max(taps, 2) {
      let id = String(user)
      content[id] = ProfileContent(
        user: try await worker.fetchUser(id: id), posts: try await worker.fetchPosts(userId: user))
    }
    return content
  }
}
