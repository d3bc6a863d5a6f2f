import Foundation
import ProfileScene

/// A server's transport that answers every `posts` request after the first
/// `passing` ones with HTTP 500, as a server failing for real does.
///
/// The checker loads each tapped user's profile before its trials; letting
/// those loads through and failing the trials' own makes every trial end on
/// an error the server genuinely sent.
final class PostsFailAfterLoadingTransport: HTTPTransport {
  private let base: any HTTPTransport
  private let passing: Int
  private let lock = NSLock()
  private var postsSeen = 0

  /// Wraps `base`, letting its first `passing` posts requests through.
  init(_ base: any HTTPTransport, passing: Int) {
    self.base = base
    self.passing = passing
  }

  func get(_ url: URL) async throws -> TransportResponse {
    guard url.path.hasSuffix("/posts") else { return try await base.get(url) }
    let seen = lock.withLock { () -> Int in
      postsSeen += 1
      return postsSeen
    }
    if seen <= passing { return try await base.get(url) }
    return TransportResponse(statusCode: 500, body: Data("{}".utf8))
  }
}

// Safety: `postsSeen`, the only mutable state, is read and written only while `lock` is held.
extension PostsFailAfterLoadingTransport: @unchecked Sendable {}
