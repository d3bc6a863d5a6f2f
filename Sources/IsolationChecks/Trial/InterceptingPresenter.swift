import ProfileScene
import ScreenChecks

/// Stands between the interactor under test and the scene's presenter, on
/// the main actor, so that the checker sees every presentation as it starts
/// and can tap just before it is shown.
///
/// Tapping here is the same, for everything the main actor can observe, as a
/// tap that was queued on the main actor ahead of the presentation: the tap's
/// own work starts only after the presentation's job has finished.
///
/// It can also hold a presentation and show it later, so that presentations
/// made after it are shown first: for everything the screen can observe, the
/// same as a presentation whose hop to the main actor was delayed until then.
/// The interactor's call returns at once, as it would have returned once
/// shown; the tap's work stays unfinished until the held presentation is shown.
@MainActor
final class InterceptingPresenter: ProfilePresentationLogic {
  private let presenter: any ProfilePresentationLogic
  private var occurrences: [RequestID: Int] = [:]
  private var held: [(record: PresentationRecord, show: @MainActor () -> Void)] = []

  /// Every presentation so far, in the order it reached the main actor.
  private(set) var records: [PresentationRecord] = []
  /// Called at the start of each presentation; returns `true` to hold it
  /// instead of forwarding it now.
  var willPresent: (@MainActor (PresentationRecord) -> Bool)?

  /// The presentations held and not yet shown, oldest first.
  var heldPresentations: [PresentationRecord] { held.map(\.record) }

  /// Creates a presenter that forwards to `presenter`.
  init(forwardingTo presenter: any ProfilePresentationLogic) {
    self.presenter = presenter
  }

  func presentProfile(response: ProfileResponse) {
    let presenter = self.presenter
    intercept(response.request, .result) { presenter.presentProfile(response: response) }
  }

  func presentError(error: any Error, request: ProfileRequest) {
    let presenter = self.presenter
    intercept(request, .error) { presenter.presentError(error: error, request: request) }
  }

  /// Shows the held presentation `occurrence` of request `request`.
  /// - Returns: `false` if no such presentation is held.
  func showHeld(request: Int, occurrence: Int) -> Bool {
    guard let index = held.firstIndex(where: { $0.record.request == request && $0.record.occurrence == occurrence })
    else { return false }
    held.remove(at: index).show()
    return true
  }

  private func intercept(
    _ request: ProfileRequest, _ kind: PresentationRecord.Kind, forward: @escaping @MainActor () -> Void
  ) {
    let occurrence = occurrences[request.id, default: 0] + 1
    occurrences[request.id] = occurrence
    let record = PresentationRecord(
      request: Int(request.id.rawValue), kind: kind, occurrence: occurrence, time: .now)
    records.append(record)
    if willPresent?(record) == true {
      // The held presentation keeps the tap's probe, so the tap's work is not
      // finished until it is shown, and it is shown inside that work, as the
      // delayed hop of the tap's own task would be.
      let work = ActionWork.current
      held.append((record, { ActionWork.$current.withValue(work) { forward() } }))
    } else {
      forward()
    }
  }
}
