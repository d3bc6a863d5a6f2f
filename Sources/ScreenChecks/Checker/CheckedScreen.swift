/// A screen the checker can run trials on, whatever kind it is: a described
/// view model (``ScreenDescription``), or the profile scene's VIP stack.
///
/// Make one from a description with ``ScreenDescription/checked``; the
/// profile scene's `SceneUnderTest` makes its own.
public struct CheckedScreen: Sendable {
  /// A name for reports.
  public let name: String
  /// What the screen promises, and the grades of every outcome.
  public let contract: ScreenContract
  /// The actions the user can take on it, in the order the checker tries them.
  public let actions: [ActionKind]
  /// The text the checker gives the `index`-th action of `kind`, unless
  /// the user gave texts (``texts``) or the action repeats one (a retry).
  package let value: @Sendable (ActionKind, Int) -> String
  /// The user's texts for a type action, in the order a trial types them.
  package var texts: [String]?
  /// Whether the screen is described to ignore a typed text.
  package var ignores: @Sendable (String) -> Bool = { _ in false }
  /// Builds the screen, and its adapter, for one trial.
  package let makeAdapter: @MainActor @Sendable (TrialContext) -> any ScreenAdapter
  /// Whether this is a described screen (``ScreenDescription``): its results
  /// are tokens the checker handed out, and the checker first checks the
  /// description itself (that the screen calls its dependencies, that its
  /// actions return).
  package let isDescribed: Bool

  package init(
    name: String, contract: ScreenContract, actions: [ActionKind], isDescribed: Bool,
    value: @escaping @Sendable (ActionKind, Int) -> String,
    makeAdapter: @escaping @MainActor @Sendable (TrialContext) -> any ScreenAdapter
  ) {
    self.name = name
    self.contract = contract
    self.actions = actions
    self.isDescribed = isDescribed
    self.value = value
    self.makeAdapter = makeAdapter
  }

  /// What its reports call an action: a tap, for a screen whose only
  /// action is a load (a tap on "refresh"); an action otherwise.
  package var actionNoun: String { actions == [.load] ? "tap" : "action" }

  /// The text of the next action, of `kind`, after `history`: the user's
  /// next text for a type action, when they gave texts; the repeated
  /// action's for a retry; the checker's own otherwise.
  package func value(of kind: ActionKind, after history: [ActionRecord]) -> String {
    switch kind {
    case .type:
      let typed = history.count { $0.kind == .type }
      if let texts, typed < texts.count { return texts[typed] }
    case .retry:
      if let newest = history.last, let repeated = history.first(where: { $0.index == newest.generation }) {
        return repeated.value
      }
    case .load, .refresh, .clear, .nextPage:
      break
    }
    return value(kind, history.count + 1)
  }

  /// This screen graded against `contract` instead of its own.
  package func graded(by contract: ScreenContract) -> CheckedScreen {
    var copy = CheckedScreen(
      name: name, contract: contract, actions: actions, isDescribed: isDescribed, value: value,
      makeAdapter: makeAdapter)
    copy.texts = texts
    copy.ignores = ignores
    return copy
  }

  /// The kinds of action that may come next after `history`: a first action
  /// loads; a query is cleared only once typed, and not twice in a row; the
  /// next page, and a retry, are asked for only of something loaded.
  package func allowedActions(after history: [ActionRecord]) -> [ActionKind] {
    guard let last = history.last else {
      let firsts = actions.filter(\.mayComeFirst)
      return firsts.isEmpty ? actions : firsts
    }
    let current = history.first { $0.index == last.generation } ?? last
    return actions.filter { kind in
      switch kind {
      case .clear: current.kind == .type
      case .nextPage, .retry: current.loads
      case .load, .refresh, .type: true
      }
    }
  }
}
