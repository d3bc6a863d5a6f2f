/// Builds an interactor for a scene from the scene's worker and presenter:
/// the one factory type of the package, for the shipped interactors, the
/// work placements, the checkers and the ``SceneRegistry``.
///
/// The worker is the scene's (a ``ProfileWorker`` over the harness's
/// transport, or a placement's own); the presenter is the scene's own, and an
/// interactor should hold it weakly, as the guide's does, since the assembled
/// scene owns it.
public typealias InteractorFactory =
  @MainActor @Sendable (any ProfileFetching, any ProfilePresentationLogic) -> any ProfileBusinessLogic

/// The interactors this package ships: the guide's and the corrected one,
/// each on an actor of its own and isolated to the main actor.
public enum InteractorVariant: String, Sendable, CaseIterable, CustomStringConvertible {
  /// ``GuideProfileInteractor``: the guide's, flaws included.
  /// Named `seed` in results, replay strings and on the command line.
  case guide = "seed"
  /// ``ProfileInteractor``: the corrected design.
  case corrected
  /// ``MainActorGuideProfileInteractor``: the guide's, isolated to the main
  /// actor, an unstructured task per call.
  case mainActorGuide = "main-actor-seed"
  /// ``MainActorProfileInteractor`` over the scene's worker: the corrected
  /// design isolated to the main actor, awaiting its load.
  case mainActorCorrected = "main-actor-corrected"

  /// The factory that builds this interactor.
  public var factory: InteractorFactory {
    switch self {
    case .guide: { GuideProfileInteractor(worker: $0, presenter: $1) }
    case .corrected: { ProfileInteractor(worker: $0, presenter: $1) }
    case .mainActorGuide: { MainActorGuideProfileInteractor(worker: $0, presenter: $1) }
    case .mainActorCorrected: { MainActorProfileInteractor(worker: $0, presenter: $1) }
    }
  }

  /// Whether this is a corrected design, whose forbidden outcomes behind
  /// ``ViewPolicy/latestRequestOnly`` break the contract.
  public var isCorrected: Bool { self == .corrected || self == .mainActorCorrected }

  /// `seed`, `corrected`, `main-actor-seed` or `main-actor-corrected`.
  public var description: String { rawValue }

  /// This interactor as an entry of ``SceneRegistry/shipped``.
  public var registered: RegisteredInteractor {
    RegisteredInteractor(name: rawValue, design: isCorrected ? .corrected : .underStudy, makeInteractor: factory)
  }
}

/// A wired profile scene: view controller, interactor, presenter and router.
///
/// The assembled scene owns every part. This matters: in the guide's
/// `setupVIP` the presenter is a local whose only other reference is the
/// interactor's `weak var presenter`, so nothing keeps it alive after
/// `setupVIP` returns. Keeping the scene object alive keeps the presenter alive.
@MainActor
public final class AssembledScene {
  /// The screen; its ``ProfileViewController/refresh(userId:)`` is the user's tap.
  public let viewController: ProfileViewController
  /// The interactor the view controller talks to.
  public let interactor: any ProfileBusinessLogic
  /// The presenter between the interactor and the view.
  public let presenter: ProfilePresenter
  /// The router of the screen.
  public let router: ProfileRouter
  /// The worker the interactor was built with.
  public let worker: any ProfileFetching

  fileprivate init(
    viewController: ProfileViewController,
    interactor: any ProfileBusinessLogic,
    presenter: ProfilePresenter,
    router: ProfileRouter,
    worker: any ProfileFetching
  ) {
    self.viewController = viewController
    self.interactor = interactor
    self.presenter = presenter
    self.router = router
    self.worker = worker
  }
}

/// The guide's `setupVIP`, as a function of the parts that vary.
///
/// The guide wires the scene with `interactor.presenter = presenter` from
/// the main actor, which Swift 6 refuses (the property is isolated to the
/// interactor's actor); here the presenter is handed to the interactor's
/// factory instead.
public enum SceneAssembly {
  /// Wires a scene around any interactor.
  /// - Parameters:
  ///   - worker: the worker the interactor loads with.
  ///   - policy: what the view does with outdated presentations.
  ///   - makeInteractor: builds the interactor from the worker and the presenter.
  /// - Returns: the wired scene, which owns all its parts.
  @MainActor
  public static func assemble(
    worker: any ProfileFetching,
    policy: ViewPolicy,
    makeInteractor: InteractorFactory
  ) -> AssembledScene {
    let viewController = ProfileViewController(policy: policy)
    let presenter = ProfilePresenter()
    let router = ProfileRouter()
    let interactor = makeInteractor(worker, presenter)

    presenter.viewController = viewController
    viewController.interactor = interactor
    viewController.router = router

    return AssembledScene(
      viewController: viewController,
      interactor: interactor,
      presenter: presenter,
      router: router,
      worker: worker
    )
  }

  /// Wires a scene around one of this package's interactors.
  @MainActor
  public static func assemble(
    worker: any ProfileFetching, policy: ViewPolicy, interactor: InteractorVariant
  ) -> AssembledScene {
    assemble(worker: worker, policy: policy, makeInteractor: interactor.factory)
  }

  /// The guide's scene: ``GuideProfileInteractor`` and the ``ViewPolicy/guide`` view.
  @MainActor
  public static func seedScene(worker: any ProfileFetching) -> AssembledScene {
    assemble(worker: worker, policy: .guide, interactor: .guide)
  }

  /// The corrected scene: ``ProfileInteractor`` and the ``ViewPolicy/latestRequestOnly`` view.
  @MainActor
  public static func correctedScene(worker: any ProfileFetching) -> AssembledScene {
    assemble(worker: worker, policy: .latestRequestOnly, interactor: .corrected)
  }
}
