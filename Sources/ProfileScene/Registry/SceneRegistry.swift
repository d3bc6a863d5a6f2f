/// The interactors the scene suites run, by name: the shipped ones, and any
/// a package of its own registers; and the screens of its own that the
/// refetch checker runs beside them (`register(_:design:)`, from
/// `IsolationChecks`, takes a screen description).
///
/// ```swift
/// var scenes = SceneRegistry.shipped
/// scenes.register("mine", design: .corrected) { MyInteractor(worker: $0, presenter: $1) }
/// ```
///
/// Registering never traps: a name that cannot be used (empty, not kebab
/// case, or taken) is kept in ``problems``, and `bench` refuses to run with
/// a one-line error naming it, before measuring anything.
public struct SceneRegistry: Sendable {
  /// The interactors, in registration order.
  public private(set) var interactors: [RegisteredInteractor] = []
  /// The screens, in registration order.
  public private(set) var screens: [RegisteredScreen] = []
  /// Why registrations were refused, one line each; empty when all were taken.
  public private(set) var problems: [String] = []

  /// An empty registry.
  public init() {}

  /// The package's own interactors: `seed`, `corrected`, `main-actor-seed`
  /// and `main-actor-corrected` (see ``InteractorVariant``).
  public static var shipped: SceneRegistry {
    var registry = SceneRegistry()
    for variant in InteractorVariant.allCases {
      let entry = variant.registered
      registry.register(entry.name, design: entry.design, makeInteractor: entry.makeInteractor)
    }
    return registry
  }

  /// Adds an interactor under `name`.
  /// - Parameters:
  ///   - name: kebab case (lowercase letters, digits and single hyphens), as
  ///     it appears in variant names like `mine/latest-request-only/url-session`.
  ///   - design: what it claims; ``InteractorDesign/corrected`` by default.
  ///   - makeInteractor: builds it from the scene's worker and presenter.
  public mutating func register(
    _ name: String, design: InteractorDesign = .corrected, makeInteractor: @escaping InteractorFactory
  ) {
    if let problem = Self.problem(with: name, of: "interactor", taken: interactors.map(\.name)) {
      problems.append(problem)
      return
    }
    interactors.append(RegisteredInteractor(name: name, design: design, makeInteractor: makeInteractor))
  }

  /// Adds a screen under `name`; `IsolationChecks` gives it a description.
  package mutating func register(screen name: String, design: InteractorDesign, description: any Sendable) {
    if let problem = Self.problem(with: name, of: "screen", taken: (interactors.map(\.name) + screens.map(\.name))) {
      problems.append(problem)
      return
    }
    screens.append(RegisteredScreen(name: name, design: design, description: description))
  }

  /// The interactor registered as `name`, if any.
  public func interactor(named name: String) -> RegisteredInteractor? {
    interactors.first { $0.name == name }
  }

  /// Why `name` cannot be registered as an `kind`, or `nil` when it can.
  static func problem(with name: String, of kind: String = "interactor", taken: [String]) -> String? {
    let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
    guard !name.isEmpty, name.allSatisfy(allowed.contains), name.first != "-", name.last != "-",
      !name.contains("--")
    else {
      return "the \(kind) name \"\(name)\" is not kebab case (lowercase letters, digits, single hyphens)"
    }
    guard !taken.contains(name) else { return "the \(kind) name \"\(name)\" is registered twice" }
    return nil
  }
}
