import Foundation

/// The one thing the worker needs from a network: GET a URL, get a status and
/// a body.
///
/// The scene depends on this protocol instead of `URLSession`, so that the
/// core never links FoundationNetworking and a mock can stand in for the
/// network. A conforming type must honour task cancellation; it may report it
/// by throwing `CancellationError` or, as `URLSession` does, `URLError(.cancelled)`.
public protocol HTTPTransport: Sendable {
  /// Fetches `url`.
  /// - Parameter url: the absolute URL to GET.
  /// - Returns: the status code and the body, whatever the status.
  /// - Throws: when no response arrived (connection failure, cancellation).
  func get(_ url: URL) async throws -> TransportResponse
}

/// A status code and a body: all the worker reads of an HTTP response.
public struct TransportResponse: Sendable, Equatable {
  /// The HTTP status code.
  public var statusCode: Int
  /// The response body.
  public var body: Data

  /// Creates a response.
  public init(statusCode: Int, body: Data) {
    self.statusCode = statusCode
    self.body = body
  }
}
