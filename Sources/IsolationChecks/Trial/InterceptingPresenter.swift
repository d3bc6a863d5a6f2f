import ProfileScene

/// What a presentation was: a profile or an error, for which request.
public struct PresentationRecord: Sendable, Equatable {
  /// Whether the interactor presented a profile or an error.
  public enum Kind: Sendable, Equatable {
    /// `presentProfile(response:)`.
    case profile
    /// `presentError(error:request:)`.
    case error
  }

  /// The request presented.
  public var request: ProfileRequest
  /// Profile or error.
  public var kind: Kind
  /// How many presentations of the same request came before this one, plus one.
  public var occurrence: Int
  /// When it reached the main actor.
  public var time: ContinuousClock.Instant
}

/// Stands between the interactor under test and the scene's presenter, on
/// the main actor, so that the checker sees every presentation as it starts
/// and can tap just before it is shown.
///
/// Tapping here is the same, for everything the main actor can observe, as a
/// tap that was queued on the main actor ahead of the presentation: the tap's
/// own work starts only after the presentation's job has finished.
@MainActor
final class InterceptingPresenter: ProfilePresentationLogic {
  private let presenter: any ProfilePresentationLogic
  private var occurrences: [RequestID: Int] = [:]

  /// Every presentation so far, in main-actor order.
  private(set) var records: [PresentationRecord] = []
  /// Called at the start of each presentation, before it is forwarded.
  var willPresent: (@MainActor (PresentationRecord) -> Void)?

  /// Creates a presenter that forwards to `presenter`.
  init(forwardingTo presenter: any ProfilePresentationLogic) {
    self.presenter = presenter
  }

  func presentProfile(response: ProfileResponse) {
    intercept(response.request, .profile)
    presenter.presentProfile(response: response)
  }

  func presentError(error: any Error, request: ProfileRequest) {
    intercept(request, .error)
    presenter.presentError(error: error, request: request)
  }

  private func intercept(_ request: ProfileRequest, _ kind: PresentationRecord.Kind) {
    let occurrence = occurrences[request.id, default: 0] + 1
    occurrences[request.id] = occurrence
    let record = PresentationRecord(
      request: request, kind: kind, occurrence: occurrence, time: .now)
    records.append(record)
    willPresent?(record)
  }
}
