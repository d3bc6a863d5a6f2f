/// A stage of one profile load whose placement the build-settings suite records.
public enum Stage: String, Sendable, CaseIterable, Codable {
  /// The worker's code around its network wait: where it stands when it awaits the transport.
  case networkWait = "network-wait"
  /// The worker's JSON decoding of a response body.
  case decoding
  /// The interactor's bookkeeping once both halves arrived: the cancellation check and the response.
  case bookkeeping
  /// The presenter's formatting of the response into a view model.
  case formatting
}
