import ProfileScene

extension WorkPlacement {
  /// A title for tables: where the interactor and the worker run.
  var title: String {
    switch self {
    case .mainActor: "everything on the main actor"
    case .structWorker: "actor interactor, struct worker (the guides)"
    case .actorWorker: "actor interactor, actor worker"
    case .mainActorInteractor: "main-actor interactor, struct worker"
    }
  }

  /// Where this placement decodes JSON: `main actor`, `cooperative pool`, `worker actor`.
  var decodesOn: String {
    switch self {
    case .mainActor: "main actor"
    case .structWorker, .mainActorInteractor: "cooperative pool"
    case .actorWorker: "worker actor"
    }
  }
}
