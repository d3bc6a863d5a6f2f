/// Where a scene's business logic and its JSON decoding run: the placements
/// the `main-responsiveness` and `worker-isolation` benchmarks compare.
///
/// Every placement builds the corrected scene's view controller, presenter
/// and router (``ViewPolicy/latestRequestOnly``) and presents the same
/// profile for the same request; only the isolation of the interactor and
/// the worker changes.
///
/// These variants live in `ProfileScene`, next to ``GuideProfileInteractor``,
/// rather than in a target of their own: they are alternative designs of the
/// system under test, built from its internals (the worker's request and
/// decoding code), and an app or an outside checker that depends on the
/// scene gets them with it.
public enum WorkPlacement: String, Sendable, CaseIterable, CustomStringConvertible {
  /// Everything on the main actor: ``MainActorProfileInteractor`` and
  /// ``MainActorProfileWorker``, decoding on the main actor. The second
  /// guide's "why not everything @MainActor" warns against this.
  case mainActor = "main-actor"
  /// The guides' design: the actor ``ProfileInteractor`` and the stateless,
  /// nonisolated ``ProfileWorker``; decoding on the caller's task, in the
  /// cooperative pool.
  case structWorker = "struct-worker"
  /// The second guide's table: the actor ``ProfileInteractor`` and an
  /// ``ActorProfileWorker``; decoding on the worker's actor.
  case actorWorker = "actor-worker"
  /// ``MainActorProfileInteractor`` with the nonisolated ``ProfileWorker``:
  /// the interactor on the main actor, the decoding off it.
  case mainActorInteractor = "main-actor-interactor"

  /// `main-actor`, `struct-worker`, `actor-worker`, `main-actor-interactor`.
  public var description: String { rawValue }

  /// Makes this placement's worker.
  /// - Parameter transport: the network it uses.
  /// - Returns: a new worker over `transport`, with jsonplaceholder's base URL.
  public func makeWorker(transport: any HTTPTransport) -> any ProfileFetching {
    switch self {
    case .mainActor: MainActorProfileWorker(transport: transport)
    case .structWorker, .mainActorInteractor: ProfileWorker(transport: transport)
    case .actorWorker: ActorProfileWorker(transport: transport)
    }
  }

  /// Builds this placement's interactor over `worker`.
  public var factory: InteractorFactory {
    switch self {
    case .mainActor, .mainActorInteractor: { MainActorProfileInteractor(worker: $0, presenter: $1) }
    case .structWorker, .actorWorker: { ProfileInteractor(worker: $0, presenter: $1) }
    }
  }

  /// Wires a scene with this placement's interactor and worker.
  /// - Parameter transport: the network the worker uses.
  /// - Returns: the wired scene, which owns all its parts.
  @MainActor
  public func assembleScene(transport: any HTTPTransport) -> AssembledScene {
    SceneAssembly.assemble(
      worker: makeWorker(transport: transport), policy: .latestRequestOnly, makeInteractor: factory)
  }
}
