import ProfileScene
import ScreenChecks

/// The profile scene's view events as the checker's displays, attributed
/// by content: a profile belongs to the tap whose user it shows, not to the
/// request the interactor labelled it with.
///
/// Tap `n` asks for user `n`, and the expected content says what each user's
/// profile shows, so a profile names its tap by what it shows. A profile
/// whose content is its label's user's belongs to its label (as does one
/// whose label's user's content is not known); else to the newest tap so far
/// whose user's content it is; else to no tap at all. An error carries no
/// content and is attributed to its label; it is genuine when a transport
/// request of that tap really failed and its message is not a cancellation's.
enum ProfileDisplays {
  /// The display `event` is, or `nil` for a tap or a dropped presentation.
  /// - Parameters:
  ///   - event: the view controller's event.
  ///   - taps: the taps so far, in order.
  ///   - failedRequests: the taps whose loads really failed.
  ///   - cancellationMessages: the texts a cancellation turns into.
  ///   - expectedContent: what each user's profile shows, by user id.
  ///   - insideTapWork: whether it happened inside a tap's work.
  ///   - inFlight: the taps with a request in flight.
  static func display(
    for event: ViewEvent, taps: [ProfileRequest], failedRequests: Set<RequestID>, cancellationMessages: Set<String>,
    expectedContent: [String: ProfileContent], insideTapWork: Bool, inFlight: Set<Int> = []
  ) -> Display? {
    switch event {
    case .tapped, .dropped:
      return nil
    case .showedProfile(let viewModel):
      let origin = Self.origin(of: viewModel, taps: taps, expected: expectedContent)
      let generation = origin.map { Int($0.id.rawValue) }
      let item = ShownItem(token: "#\(generation ?? 0)", generation: generation)
      return Display(
        items: [item], newlyShown: [item], label: Int(viewModel.request.id.rawValue),
        insideActionWork: insideTapWork, inFlight: inFlight, text: event.description)
    case .showedError(let message, let request):
      let genuine = failedRequests.contains(request.id) && !cancellationMessages.contains(message)
      let generation = Int(request.id.rawValue)
      return Display(
        items: [], newlyShown: [],
        error: ShownError(message: message, generation: generation, genuine: genuine, token: "#\(generation)"),
        insideActionWork: insideTapWork, inFlight: inFlight, text: event.description)
    }
  }

  /// The tap record of `request`, for the timeline.
  static func action(_ request: ProfileRequest, at time: ContinuousClock.Instant = .now) -> ActionRecord {
    let index = Int(request.id.rawValue)
    return ActionRecord(index: index, kind: .load, value: request.userId, generation: index, time: time)
  }

  /// The request whose user `viewModel` shows: its label when the content
  /// matches the label's user (or when that user's content is not known),
  /// else the newest tap so far whose user's content it is; `nil` when it
  /// shows no tapped user's profile.
  private static func origin(
    of viewModel: ProfileViewModel, taps: [ProfileRequest], expected: [String: ProfileContent]
  ) -> ProfileRequest? {
    guard let labelled = expected[viewModel.request.userId] else { return viewModel.request }
    let shown = ProfileContent(viewModel)
    if labelled == shown { return viewModel.request }
    return taps.last { expected[$0.userId] == shown }
  }
}
