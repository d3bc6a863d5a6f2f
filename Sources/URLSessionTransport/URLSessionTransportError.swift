import Foundation

/// Why ``URLSessionTransport`` could not turn what URLSession returned into a
/// status and a body.
///
/// Errors of the network itself are not wrapped: URLSession's `URLError`
/// (a refused connection, a timeout, a cancellation) passes through
/// unchanged, so that callers can still tell a cancellation from a failure.
public enum URLSessionTransportError: Error, Equatable, Sendable, LocalizedError {
  /// The URL answered with a response that is not HTTP (a `data:` URL, for
  /// one), so it has no status code.
  case notHTTP(url: URL)
  /// The server's status code is outside 100–599, the range HTTP defines.
  case invalidStatus(Int, url: URL)

  /// The message a presenter shows.
  public var errorDescription: String? {
    switch self {
    case .notHTTP(let url):
      return "The response from \(url.absoluteString) is not an HTTP response and has no status code."
    case .invalidStatus(let status, let url):
      return "The server at \(url.absoluteString) answered with \(status), which is not an HTTP status code."
    }
  }
}
