import Foundation

/// The network seam of the scene the build-settings suite compiles per
/// setting: the guides' worker calls `URLSession.data(from:)`, this one
/// calls ``data(path:)``.
///
/// It lives in this module, compiled with fixed settings, so that the
/// network itself means the same under every setting: only the scene's own
/// code changes meaning.
public protocol SceneTransport: Sendable {
  /// The body of `GET {path}`, like `users/1` or `posts?userId=1`, after the network's latency.
  /// - Parameter path: the request's path and query.
  /// - Returns: the response body.
  /// - Throws: `CancellationError` when the caller's task is cancelled while waiting.
  func data(path: String) async throws -> Data
}
