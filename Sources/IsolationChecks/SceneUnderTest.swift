import MockNetwork
import ProfileScene
import ScreenChecks

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

extension SceneUnderTest {
  /// The contract every profile scene is graded against: latest wins, and
  /// superseded requests are cancelled. Its tables list the outcomes the
  /// refetch checker has always listed, `wrong-profile` among them.
  public static let contract = ScreenContract(
    "latest-wins", rules: [.latestWins, .cancelsSuperseded], expectation: .contract, mislabelled: .wrongProfile)

  /// The scene as the checker's core runs it.
  /// - Parameters:
  ///   - dataset: what the checker answers, over its own network.
  ///   - expectedContent: what each tapped user's profile shows, by user id.
  ///   - server: a real network instead of the checker's, for stress mode.
  package func checked(
    dataset: MockDataset, expectedContent: [String: ProfileContent], server: StressServer? = nil
  ) -> CheckedScreen {
    let scene = self
    return CheckedScreen(
      name: name, contract: Self.contract, actions: [.load], isDescribed: false,
      value: { _, index in String(index) },
      makeAdapter: { context in
        ProfileSceneAdapter(
          scene, context: context, dataset: dataset, expectedContent: expectedContent, server: server)
      })
  }
}
