import Foundation
import ProfileScene

/// A network whose answers arrive even after the caller was cancelled, as an
/// answer already on the wire does.
///
/// Each request runs in a task of its own that the caller's cancellation does
/// not reach. An interactor that checks for cancellation only before it
/// fetches, and not after, presents such an answer for a request the user
/// has already replaced.
struct LateResponseTransport: HTTPTransport {
  /// The network that answers: the checker's mock, or a server's transport.
  let base: any HTTPTransport

  func get(_ url: URL) async throws -> TransportResponse {
    // An unstructured task on purpose: it keeps the tap's task-locals (so the
    // checker still sees the request as part of the tap's work) but not the
    // caller's cancellation.
    let base = self.base
    return try await Task { try await base.get(url) }.value
  }
}
