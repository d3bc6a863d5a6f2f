import ProfileScene
import ScreenChecks

/// One event of a view controller's log, as the checker saw it happen.
public struct ObservedViewEvent: Sendable, Equatable, CustomStringConvertible {
  /// The event, as the view controller logged it.
  public var event: ViewEvent
  /// Whether it happened inside the work a tap started: in a task that
  /// descends from a tap, and not in a detached task or another queue.
  public var insideTapWork: Bool

  /// Creates an observed event.
  /// - Parameters:
  ///   - event: the logged event.
  ///   - insideTapWork: whether it happened inside a tap's work; `true` by default.
  public init(_ event: ViewEvent, insideTapWork: Bool = true) {
    self.event = event
    self.insideTapWork = insideTapWork
  }

  /// The event's own description, marked `(outside the tap's tasks)` when it escaped.
  public var description: String {
    insideTapWork ? event.description : "\(event) (outside the tap's tasks)"
  }
}

extension ScreenTrialResult {
  /// The profile scene's view controller log, as the checker observed it;
  /// empty for a trial of another kind of screen.
  public var log: [ObservedViewEvent] { screenLog as? [ObservedViewEvent] ?? [] }
}
