import Foundation
import ProfileScene

/// A transport that answers every request with one fixed reply and counts
/// the requests it was asked.
final class StubTransport: HTTPTransport {
  enum Reply: Sendable {
    case response(TransportResponse)
    case error(any Error & Sendable)
  }

  private let reply: Reply
  private let lock = NSLock()
  private var urls: [URL] = []

  init(_ reply: Reply) {
    self.reply = reply
  }

  convenience init(status: Int, body: String) {
    self.init(.response(TransportResponse(statusCode: status, body: Data(body.utf8))))
  }

  var requestedURLs: [URL] { lock.withLock { urls } }

  func get(_ url: URL) async throws -> TransportResponse {
    lock.withLock { urls.append(url) }
    switch reply {
    case .response(let response): return response
    case .error(let error): throw error
    }
  }
}

// Safety: `urls`, the only mutable state, is read and written only while `lock` is held.
extension StubTransport: @unchecked Sendable {}
