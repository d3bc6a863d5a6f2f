/// A property of the work a tap starts, checked next to what the user saw.
///
/// The outcomes say what reached the screen; these say whether the scene
/// cleaned up after itself, which the screen alone cannot show.
public enum ResourceCheck: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// A request superseded by a later tap was still running once the later
  /// tap's own requests had reached the network and the scene had settled:
  /// the interactor did not cancel it. Checked in systematic mode only, and
  /// only when the network honours cancellation.
  case supersededRequestCancelled
  /// Requests were still in flight when the tap's work had finished.
  case nothingLeftInFlight
  /// A profile or error was shown from outside the work the tap started
  /// (a detached task, a dispatch queue), which nobody can await or cancel.
  case displaysInsideTapWork

  /// Checks in report order.
  public static let reportOrder: [ResourceCheck] = [
    .supersededRequestCancelled, .nothingLeftInFlight, .displaysInsideTapWork,
  ]

  /// A short phrase naming what failed: `superseded request not cancelled`, …
  public var failureDescription: String {
    switch self {
    case .supersededRequestCancelled: "superseded request not cancelled"
    case .nothingLeftInFlight: "requests left in flight"
    case .displaysInsideTapWork: "display outside the tap's tasks"
    }
  }

  /// `superseded-request-cancelled`, `nothing-left-in-flight`, `displays-inside-tap-work`.
  public var description: String {
    switch self {
    case .supersededRequestCancelled: "superseded-request-cancelled"
    case .nothingLeftInFlight: "nothing-left-in-flight"
    case .displaysInsideTapWork: "displays-inside-tap-work"
    }
  }
}
