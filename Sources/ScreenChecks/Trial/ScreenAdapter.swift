/// What the trial machinery needs of a screen: the one seam between the
/// checker's core and a kind of screen (a VIP scene with its display log, a
/// described view model with its snapshots).
///
/// An adapter is made for one trial, in its ``TrialContext``: it builds the
/// screen with the context's dependencies, performs the checker's actions,
/// and reports every change of what the user sees to the context as a
/// ``Display``.
///
/// - Important: called on the main actor.
@MainActor
package protocol ScreenAdapter: AnyObject {
  /// The screen appears: its `.task` modifiers start. Called once, before the first action.
  func appear()
  /// Performs `action`; its synchronous part runs now, inside the action's work.
  func perform(_ action: ActionRecord)
  /// The screen disappears: its `.task` modifiers' tasks are cancelled.
  func disappear()
  /// Whether the loading indicator is on now, when the screen has one.
  var isLoading: Bool? { get }
  /// Presentations held back and not yet shown, oldest first (see
  /// ``ScheduleStep/holdPresentation(request:occurrence:)``).
  var heldPresentations: [PresentationRecord] { get }
  /// Shows a held presentation.
  /// - Returns: `false` if no such presentation is held.
  func showHeld(request: Int, occurrence: Int) -> Bool
  /// Every presentation that reached the main actor, in order.
  var presentations: [PresentationRecord] { get }
  /// The async actions whose closures have not returned yet.
  var unreturnedActions: [ActionRecord] { get }
  /// The screen's own record of the trial, in its own types (a VIP scene's
  /// observed view events), kept with the trial's result.
  var screenLog: (any Sendable)? { get }
  /// Reads what the screen shows now and records it if it changed, without
  /// waiting for a change to be seen: before an action (the user acts on
  /// what they see), and at the end of a trial.
  func lookAtScreen()
  /// Whether code of the screen sees `action` while it is performed (a
  /// synchronous action), rather than when a closure of its own starts
  /// later (an async action, as `.refreshable` runs its closure).
  func seesAtOnce(_ action: ActionRecord) -> Bool
  /// The oldest action the view has not reacted to yet, when the trial's
  /// reactions are the checker's choices (``TrialContext/reactionsAreChoices``).
  var pendingReaction: Int? { get }
  /// The view reacts, in one render, to every action it has not reacted
  /// to: see ``ScheduleStep/react(_:)``.
  func react()
  /// Whether the screen offers an action of `kind` now
  /// (``ScreenAction/when(_:)``).
  func offers(_ kind: ActionKind) -> Bool
}

extension ScreenAdapter {
  package var heldPresentations: [PresentationRecord] { [] }
  package func showHeld(request: Int, occurrence: Int) -> Bool { false }
  package var presentations: [PresentationRecord] { [] }
  package var unreturnedActions: [ActionRecord] { [] }
  package var screenLog: (any Sendable)? { nil }
  package func lookAtScreen() {}
  package func seesAtOnce(_ action: ActionRecord) -> Bool { true }
  package var pendingReaction: Int? { nil }
  package func react() {}
  package func offers(_ kind: ActionKind) -> Bool { true }
}

/// What a presentation was: a result or an error, for which action.
public struct PresentationRecord: Sendable, Equatable {
  /// Whether the presentation showed a result or an error.
  public enum Kind: Sendable, Equatable {
    /// A result: a profile.
    case result
    /// An error.
    case error
  }

  /// The action (the tap) whose request it presents.
  public var request: Int
  /// Result or error.
  public var kind: Kind
  /// How many presentations of the same request came before this one, plus one.
  public var occurrence: Int
  /// When it reached the main actor.
  public var time: ContinuousClock.Instant

  /// Creates a record.
  public init(request: Int, kind: Kind, occurrence: Int, time: ContinuousClock.Instant) {
    self.request = request
    self.kind = kind
    self.occurrence = occurrence
    self.time = time
  }
}
