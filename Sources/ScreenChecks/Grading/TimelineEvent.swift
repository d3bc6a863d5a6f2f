/// One thing a trial's user experienced, in main-actor order: the grading's input.
///
/// Actions and displays are both main-actor events, so the order of a
/// trial's timeline is the order its user experienced, and grading it needs
/// no clock.
package enum TimelineEvent: Sendable, Equatable, CustomStringConvertible {
  /// The checker made an action.
  case action(ActionRecord)
  /// Code of the screen saw the action with this index: at once for a
  /// synchronous action, when its closure started for an async one.
  case actionSeen(Int)
  /// The screen showed something new.
  case display(Display)
  /// The checker looked at the screen with everything settled (systematic
  /// mode): what the user sits looking at until their next action.
  case settled(SettledView)

  package var description: String {
    switch self {
    case .action(let action): "action \(action)"
    case .actionSeen(let index): "the screen sees action \(index)"
    case .display(let display): display.description
    case .settled(let view): "settled: \(view)"
    }
  }
}

/// Something a screen's user can see of a result: an item of a list, or the
/// profile on screen, and where it came from.
package struct ShownItem: Sendable, Hashable {
  /// What identifies it on screen: a token the checker handed out, or a
  /// description of the content.
  package var token: String
  /// The generation (the action whose results it belongs to) of the call it
  /// came from; `nil` when it shows content of no action the checker made.
  package var generation: Int?
  /// The call it came from, when it is known.
  package var call: Int?
  /// Where it was in that call's answer (its token's place), when it is known.
  package var position: Int?

  package init(token: String, generation: Int?, call: Int? = nil, position: Int? = nil) {
    self.token = token
    self.generation = generation
    self.call = call
    self.position = position
  }
}

/// An error message on screen, and what it was for.
package struct ShownError: Sendable, Hashable {
  /// The message.
  package var message: String
  /// The generation it was shown for, when the checker could tell.
  package var generation: Int?
  /// Whether a call of that generation really failed (the checker made it
  /// fail, or a real server did), and the message is not a cancellation's.
  package var genuine: Bool
  /// What identifies it among the results shown, for counting how often the
  /// newest result was shown: its message, unless the screen counts results
  /// by request (the profile scene, where a profile and an error of one
  /// request are the same result).
  package var token: String

  package init(message: String, generation: Int?, genuine: Bool, token: String? = nil) {
    self.message = message
    self.generation = generation
    self.genuine = genuine
    self.token = token ?? "error: \(message)"
  }
}

/// One change of what the user sees: a display call of a VIP scene, or a
/// main-actor change of a view model's state.
package struct Display: Sendable, Equatable, CustomStringConvertible {
  /// Everything on screen after the change, in order.
  package var items: [ShownItem]
  /// What the change put on screen that was not there before; a display
  /// that replaces its content (a VIP display call) shows all its items anew.
  package var newlyShown: [ShownItem]
  /// The generation the screen says its results belong to, if it says.
  package var label: Int?
  /// The derived values shown out of step with the results beside them.
  package var disagreeing: [String] = []
  /// The error message the change put on screen, if any.
  package var error: ShownError?
  /// The error message on screen after the change, new or not: what the
  /// user is left with when it is the newest action's genuine error.
  package var errorOnScreen: ShownError?
  /// Whether the loading indicator was on; `nil` when the screen does not say.
  package var isLoading: Bool?
  /// Whether the change happened inside the work an action started.
  package var insideActionWork: Bool
  /// The actions that had a call in flight when the change happened.
  package var inFlight: Set<Int>
  /// The change as the transcript shows it.
  package var text: String

  package init(
    items: [ShownItem], newlyShown: [ShownItem], label: Int? = nil, error: ShownError? = nil,
    errorOnScreen: ShownError? = nil, isLoading: Bool? = nil, insideActionWork: Bool, inFlight: Set<Int> = [],
    text: String
  ) {
    self.items = items
    self.newlyShown = newlyShown
    self.label = label
    self.error = error
    self.errorOnScreen = errorOnScreen ?? error
    self.isLoading = isLoading
    self.insideActionWork = insideActionWork
    self.inFlight = inFlight
    self.text = text
  }

  package var description: String { insideActionWork ? text : "\(text) (outside the actions' tasks)" }
}

/// What the screen showed at a settled point.
package struct SettledView: Sendable, Equatable, CustomStringConvertible {
  /// Whether the loading indicator was on.
  package var isLoading: Bool
  /// The actions that had a call in flight.
  package var inFlight: Set<Int>

  package init(isLoading: Bool, inFlight: Set<Int>) {
    self.isLoading = isLoading
    self.inFlight = inFlight
  }

  package var description: String {
    "spinner \(isLoading ? "on" : "off"), in flight: \(inFlight.sorted().map(String.init).joined(separator: ", "))"
  }
}
