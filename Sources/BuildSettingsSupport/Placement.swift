/// Where a stage ran, as a probe saw it.
public enum Placement: Sendable, Hashable, Codable, CustomStringConvertible {
  /// On the main actor: the main queue was running the code.
  case mainActor
  /// On an actor other than the main actor, named by its type, like `ProfileInteractor`.
  case actor(String)
  /// On the global concurrent executor: no actor and not the main queue.
  case globalExecutor

  /// Classifies a probe's two observations.
  ///
  /// The main queue decides first: on Linux `Thread.isMainThread` is not a
  /// reliable test after a suspension, but the main queue's specific value
  /// is (see ``MainQueueMarker``). Then the isolation the code was given
  /// (`#isolation`, bound to a local first) names the actor; without one the
  /// code ran on the global executor.
  /// - Parameters:
  ///   - onMainQueue: whether the main queue ran the probe.
  ///   - isolation: the actor the code was isolated to, if any.
  /// - Returns: the placement.
  public static func classify(onMainQueue: Bool, isolation: (any Actor)?) -> Placement {
    if onMainQueue { return .mainActor }
    guard let isolation else { return .globalExecutor }
    if isolation is MainActor { return .mainActor }
    return .actor(String(describing: type(of: isolation)))
  }

  /// `main actor`, `actor ProfileInteractor`, `global executor`.
  public var description: String {
    switch self {
    case .mainActor: "main actor"
    case .actor(let name): "actor \(name)"
    case .globalExecutor: "global executor"
    }
  }
}
