/// A screen description the checker cannot check, found before or during
/// its trials. The check stops with it; its description is one line.
public enum ScreenDescriptionError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The screen's name is not kebab case.
  case invalidName(String)
  /// An endpoint's name is not lowercase letters, or is one the schedule
  /// strings reserve (t, r, q, c, n, a, h, s, d, v, j).
  case invalidEndpointName(screen: String, name: String)
  /// The description has no action that loads anything.
  case noLoadingAction(screen: String)
  /// The screen, once it appeared, offered none of the actions that may
  /// come first (``ScreenAction/when(_:)``).
  case noActionOffered(screen: String, actions: [String])
  /// The first action, its work finished with every call answered, never
  /// called any endpoint the checker answers.
  case neverCalledEndpoint(screen: String, action: String)
  /// An async action had not returned once everything the checker controls
  /// had been answered and every task the actions started could run.
  case actionNeverReturned(screen: String, action: String)
  /// The first action's work never called an endpoint and never finished:
  /// it waits on something nobody completes.
  case waitsOnNothingTheCheckerAnswers(screen: String, action: String)
  /// The snapshot showed a result that is none of the tokens the checker's
  /// answers handed out, so nobody can tell which request it belongs to.
  case unattributableResult(screen: String, result: String)
  /// An endpoint was called with a key that no action issued.
  case unissuedRequest(screen: String, endpoint: String, key: String)
  /// The configuration asks for a number of actions a trial cannot make.
  case actionCountOutOfRange(screen: String, count: Int)
  /// Two actions of the description have the same kind: the checker would
  /// only ever take the first.
  case duplicateAction(screen: String, kind: String)
  /// The screen never settled after an action: its jobs never ran out
  /// within the settle's bound. `cause` says what it did.
  case neverSettles(screen: String, action: String, cause: String)
  /// An endpoint's answer closure did not return within the bound.
  case answerNeverReturned(screen: String, endpoint: String, bound: Duration)
  /// A type action gives fewer texts than a trial may type.
  case tooFewTexts(screen: String, texts: Int, actions: Int)
  /// Two of a type action's texts cannot be told apart: equal once
  /// trimmed and lower-cased, or one a word of the other.
  case indistinguishableTexts(screen: String, first: String, second: String)
  /// A replayed schedule takes an action the screen has but did not offer
  /// at that step (its ``ScreenAction/when(_:)`` was false, or nothing was
  /// loaded yet for a next page or a retry).
  case actionNotOffered(screen: String, schedule: String, step: String, offered: [String])
  /// A replayed schedule could not be followed: at `step` the screen
  /// offered other choices (`offered`), or the schedule ended early.
  case replayNotFollowed(screen: String, schedule: String, step: String?, offered: [String])

  /// One line saying what is wrong and what to do about it.
  public var description: String {
    switch self {
    case .invalidName(let name):
      "the screen name \"\(name)\" is not kebab case (lowercase letters, digits, single hyphens)"
    case .invalidEndpointName(let screen, let name):
      "\(screen): the endpoint name \"\(name)\" must be lowercase letters and not one of "
        + ScreenNames.reservedLetters.joined(separator: ", ")
    case .noLoadingAction(let screen):
      "\(screen): the description has no action that loads (load, refresh or type)"
    case .noActionOffered(let screen, let actions):
      "\(screen): once the screen appeared, none of the actions that may come first "
        + "(\(actions.joined(separator: ", "))) was offered: their when: is false; the user must be able to start"
    case .neverCalledEndpoint(let screen, let action):
      "\(screen): after \(action) the screen never called an endpoint from deps.endpoint(…); "
        + "hand the screen the checker's endpoints in place of its own client or a stub"
    case .waitsOnNothingTheCheckerAnswers(let screen, let action):
      "\(screen): after \(action) the screen's work never called an endpoint from deps.endpoint(…) and is still "
        + "waiting, on something nobody completes (a continuation never resumed, a stream never fed); make its "
        + "calls through the checker's endpoints, and resume every continuation"
    case .actionNeverReturned(let screen, let action):
      "\(screen): the action \(action) never returned, though every call was answered and every timer fired; "
        + "it awaits something the checker does not control"
    case .unattributableResult(let screen, let result):
      "\(screen): the snapshot shows \"\(result)\", which no answer handed out; build results from "
        + "answer.token(_:) and snapshot those, so that each says which request it belongs to"
    case .unissuedRequest(let screen, let endpoint, let key):
      "\(screen): the endpoint \"\(endpoint)\" was called with \"\(key)\", which no action typed"
    case .actionCountOutOfRange(let screen, let count):
      "\(screen): \(count) actions per trial is outside \(CheckConfiguration.actionRange.lowerBound)..."
        + "\(CheckConfiguration.actionRange.upperBound); pass actions: from that range"
    case .duplicateAction(let screen, let kind):
      "\(screen): the description has two \(kind) actions, and the checker takes only the first of a kind; "
        + "describe each kind once"
    case .neverSettles(let screen, let action, let cause):
      "\(screen): after \(action) the screen never settled: \(cause); end the loop when its task is cancelled, "
        + "or wait on something the checker answers"
    case .answerNeverReturned(let screen, let endpoint, let bound):
      "\(screen): the answer closure of endpoint \"\(endpoint)\" did not return within \(bound); build the answer "
        + "from the request and answer.tokens(_:) alone, without waiting on anything"
    case .tooFewTexts(let screen, let texts, let actions):
      "\(screen): the type action gives \(texts) text\(texts == 1 ? "" : "s"), and a trial of \(actions) actions may "
        + "type \(actions) times; give at least \(actions)"
    case .indistinguishableTexts(let screen, let first, let second):
      "\(screen): the texts \"\(first)\" and \"\(second)\" cannot be told apart by the calls they make "
        + "(equal once trimmed and lower-cased, or one a word of the other); give texts that differ"
    case .actionNotOffered(let screen, let schedule, let step, let offered):
      "\(screen): the replay \(schedule) takes \(step) where the screen did not offer it (its when: was false, or "
        + "nothing was loaded to continue or retry)"
        + (offered.isEmpty ? "" : "; the choices were \(offered.joined(separator: ", "))")
    case .replayNotFollowed(let screen, let schedule, let step, let offered):
      "\(screen): the replay \(schedule) cannot be followed: "
        + (step.map { "\($0) is not a choice there" } ?? "the trial had choices left when it ended")
        + (offered.isEmpty ? "" : " (the choices were \(offered.joined(separator: ", ")))")
        + "; replay a schedule from this screen's own report, with its number of actions"
    }
  }
}
