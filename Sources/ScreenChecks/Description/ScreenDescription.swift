import Observation

#if canImport(Combine)
  import Combine
#endif

/// A screen as the checker sees it, in the app's own types: how to build its
/// model from the checker's dependencies, what the user can do to it, what
/// they see of it, and what it promises them.
///
/// ```swift
/// let search = ScreenDescription(
///   "search", contract: .latestWins + .loadingState + .clearing + .paging,
///   actions: [.type { $0.query = $1 }, .clear { $0.query = "" }, .nextPage { $0.loadNextPage() }]
/// ) { deps in
///   SearchViewModel(search: deps.endpoint("search", key: \.query) { request, answer in
///     SearchPage(items: answer.tokens(3).map { Item(id: $0) }, hasMore: request.page < 3)
///   }, clock: deps.clock)
/// } snapshot: { model in
///   ScreenSnapshot(results: model.items.map(\.id), isLoading: model.isSearching, error: model.errorMessage)
/// }
/// let report = try await ScreenChecker(search).runSystematic()
/// ```
///
/// The model's types conform to nothing of this package's: the checker
/// reads them through ``snapshot`` after every main-actor change, seen by
/// Observation (`@Observable`), by `objectWillChange` (`ObservableObject`,
/// where Combine exists), or by display calls.
public struct ScreenDescription<Model: AnyObject>: Sendable {
  /// A name for reports and variant names; kebab case.
  public var name: String
  /// What the screen promises; every report says which contract it was graded against.
  public var contract: ScreenContract
  /// What the user can do to the screen.
  public var actions: [ScreenAction<Model>]
  /// The view's `.task` and `.task(id:)` modifiers, run headless.
  public var tasks: [ScreenTask<Model>]
  /// How the checker learns of changes.
  public var observation: ScreenObservation<Model>
  /// Builds the screen's model from the checker's dependencies, on the main actor.
  public var make: @MainActor @Sendable (ScreenDependencies) -> Model
  /// What the user sees of the model, read on the main actor.
  public var snapshot: @MainActor @Sendable (Model) -> ScreenSnapshot

  /// Describes a screen.
  /// - Parameters:
  ///   - name: a name for reports; kebab case.
  ///   - contract: what it promises; ``ScreenContract/latestWins`` by default.
  ///   - actions: what the user can do to it.
  ///   - tasks: the view's `.task` and `.task(id:)` modifiers; none by default.
  ///   - observation: how the checker learns of changes.
  ///   - make: builds the model from the checker's dependencies.
  ///   - snapshot: what the user sees of the model.
  public init(
    _ name: String, contract: ScreenContract = .latestWins, actions: [ScreenAction<Model>],
    tasks: [ScreenTask<Model>] = [], observation: ScreenObservation<Model>,
    make: @escaping @MainActor @Sendable (ScreenDependencies) -> Model,
    snapshot: @escaping @MainActor @Sendable (Model) -> ScreenSnapshot
  ) {
    self.name = name
    self.contract = contract
    self.actions = actions
    self.tasks = tasks
    self.observation = observation
    self.make = make
    self.snapshot = snapshot
  }

  /// The screen, as the checker runs it: a type action types the user's
  /// texts in order, or else `q1`, `q2`, … (the action's number); a clear
  /// the empty text; a retry its request's text.
  public var checked: CheckedScreen {
    let description = self
    var screen = CheckedScreen(
      name: name, contract: contract, actions: actions.map(\.kind), isDescribed: true,
      value: { kind, index in kind == .type ? "q\(index)" : "" },
      makeAdapter: { context in DescribedScreenAdapter(description, context: context) })
    if let typing = actions.first(where: { $0.kind == .type }) {
      screen.texts = typing.texts
      if let ignores = typing.ignores { screen.ignores = ignores }
    }
    return screen
  }
}

extension ScreenDescription {
  /// The trailing-closure form for a model the checker cannot observe by
  /// itself: unavailable, so that the compiler names what to do in one line
  /// instead of trying every form and giving up on the expression. Where
  /// there is no Combine (Linux), the line does not offer `ObservableObject`.
  #if canImport(Combine)
    @available(
      *, unavailable,
      message:
        "the checker cannot observe this model: mark it @Observable, conform it to ObservableObject, or pass observation: .displayCalls and call deps.displayed() from its display methods"
    )
  #else
    @available(
      *, unavailable,
      message:
        "the checker cannot observe this model: mark it @Observable (ObservableObject needs Combine, which this platform lacks), or pass observation: .displayCalls and call deps.displayed() from its display methods"
    )
  #endif
  public init(
    _ name: String, contract: ScreenContract = .latestWins, actions: [ScreenAction<Model>],
    tasks: [ScreenTask<Model>] = [], make: @escaping @MainActor @Sendable (ScreenDependencies) -> Model,
    snapshot: @escaping @MainActor @Sendable (Model) -> ScreenSnapshot
  ) {
    self.init(
      name, contract: contract, actions: actions, tasks: tasks, observation: .displayCalls, make: make,
      snapshot: snapshot)
  }
}

extension ScreenDescription where Model: Observable {
  /// Describes an `@Observable` screen, observed by Observation.
  /// - Parameters:
  ///   - name: a name for reports; kebab case.
  ///   - contract: what it promises; ``ScreenContract/latestWins`` by default.
  ///   - actions: what the user can do to it.
  ///   - tasks: the view's `.task` and `.task(id:)` modifiers; none by default.
  ///   - make: builds the model from the checker's dependencies.
  ///   - snapshot: what the user sees of the model.
  public init(
    _ name: String, contract: ScreenContract = .latestWins, actions: [ScreenAction<Model>],
    tasks: [ScreenTask<Model>] = [], make: @escaping @MainActor @Sendable (ScreenDependencies) -> Model,
    snapshot: @escaping @MainActor @Sendable (Model) -> ScreenSnapshot
  ) {
    self.init(
      name, contract: contract, actions: actions, tasks: tasks, observation: .observation, make: make,
      snapshot: snapshot)
  }
}

#if canImport(Combine)
  extension ScreenDescription where Model: ObservableObject {
    /// Describes an `ObservableObject` screen, observed by its `objectWillChange`.
    /// - Parameters:
    ///   - name: a name for reports; kebab case.
    ///   - contract: what it promises; ``ScreenContract/latestWins`` by default.
    ///   - actions: what the user can do to it.
    ///   - tasks: the view's `.task` and `.task(id:)` modifiers; none by default.
    ///   - make: builds the model from the checker's dependencies.
    ///   - snapshot: what the user sees of the model.
    public init(
      _ name: String, contract: ScreenContract = .latestWins, actions: [ScreenAction<Model>],
      tasks: [ScreenTask<Model>] = [], make: @escaping @MainActor @Sendable (ScreenDependencies) -> Model,
      snapshot: @escaping @MainActor @Sendable (Model) -> ScreenSnapshot
    ) {
      self.init(
        name, contract: contract, actions: actions, tasks: tasks, observation: .objectWillChange, make: make,
        snapshot: snapshot)
    }
  }
#endif

extension ScreenChecker {
  /// Creates a checker for a described screen.
  /// - Parameters:
  ///   - description: the screen.
  ///   - configuration: actions per trial, network and expectation; the defaults otherwise.
  public init<Model>(_ description: ScreenDescription<Model>, configuration: CheckConfiguration = .init()) {
    self.init(description.checked, configuration: configuration)
  }
}
