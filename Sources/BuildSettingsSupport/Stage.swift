/// A stage of one profile load whose placement the build-settings suite records.
public enum Stage: String, Sendable, CaseIterable, Codable {
  /// The worker's code around its network wait: where it stands when it awaits the transport.
  case networkWait = "network-wait"
  /// The worker's JSON decoding of a response body.
  case decoding
  /// The interactor's bookkeeping once both halves arrived: the cancellation check and the response.
  case bookkeeping
  /// The presenter's formatting of the response into a view model; its
  /// start is the hop's arrival on the presenter's side.
  case formatting
  /// The interactor, just before it awaits the presenter: where the hop to the presenter starts.
  case presenterCall = "presenter-call"
  /// The interactor, just after the presenter's call returned: where the hop back ends.
  case presenterReturn = "presenter-return"
}
