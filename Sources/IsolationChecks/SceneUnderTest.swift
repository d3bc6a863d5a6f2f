import ProfileScene

/// A scene for the checker: an interactor factory and a view policy, wired
/// by ``SceneAssembly/assemble(worker:policy:makeInteractor:)``.
///
/// Point the checker at an interactor of your own:
///
/// ```swift
/// let scene = SceneUnderTest("mine", policy: .latestRequestOnly) { worker, presenter in
///   MyProfileInteractor(worker: worker, presenter: presenter)
/// }
/// let report = await RefetchChecker(scene: scene).runSystematic()
/// print(report.table)
/// ```
public struct SceneUnderTest: Sendable {
  /// A name for reports.
  public var name: String
  /// What the view does with presentations for outdated requests.
  public var policy: ViewPolicy
  /// Builds the interactor under test.
  public var makeInteractor: InteractorFactory

  /// Describes a scene.
  /// - Parameters:
  ///   - name: a name for reports.
  ///   - policy: the view policy; ``ViewPolicy/latestRequestOnly`` by default.
  ///   - makeInteractor: builds the interactor under test.
  public init(
    _ name: String, policy: ViewPolicy = .latestRequestOnly, makeInteractor: @escaping InteractorFactory
  ) {
    self.name = name
    self.policy = policy
    self.makeInteractor = makeInteractor
  }

  /// One of this package's interactors with a view policy, named
  /// `seed/latest-request-only` and so on.
  public static func shipped(_ interactor: InteractorVariant, policy: ViewPolicy) -> SceneUnderTest {
    SceneUnderTest("\(interactor)/\(policy)", policy: policy, makeInteractor: interactor.factory)
  }
}
