import BuildSettingsSupport
import Foundation

/// The mock network: every request waits `latency` (a deadline-based
/// sleep with zero tolerance) and answers with the payload for its path.
struct MockSceneTransport: SceneTransport {
  let payload: ScenePayload
  let latency: Duration

  func data(path: String) async throws -> Data {
    try await Task.sleep(until: .now + latency, tolerance: .zero, clock: .continuous)
    return path.hasPrefix("users/") ? payload.user : payload.posts
  }
}
