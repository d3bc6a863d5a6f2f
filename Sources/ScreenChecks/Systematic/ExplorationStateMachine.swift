/// Depth-first enumeration of every path through a tree of choices, one run
/// at a time, without keeping the tree: the classic stateless model checker.
///
/// Each run re-executes from the start. While a run is within the path of the
/// previous one it takes the same choices, then the next alternative at the
/// deepest point that has one, then the first alternative everywhere below.
/// Runs must be deterministic: when a run offers a different number of
/// alternatives at a point than the previous run did, the machine notes a
/// divergence and carries on with what it can still take.
struct ExplorationStateMachine {
  /// What to do after a run.
  enum AfterRun: Equatable {
    /// Start another run.
    case runAgain
    /// Every path has been taken.
    case finished
  }

  private enum State {
    case betweenRuns
    case inRun(depth: Int)
    case finished
  }

  private var state = State.betweenRuns
  /// The choice taken, and the alternatives offered, at each depth of the current path.
  private var path: [(taken: Int, offered: Int)] = []

  /// How many runs have finished.
  private(set) var completedRuns = 0
  /// How many times a replayed prefix offered a different number of alternatives.
  private(set) var divergences = 0

  /// Whether every path has been taken.
  var isFinished: Bool {
    if case .finished = state { return true }
    return false
  }

  /// Starts a run.
  mutating func startRun() {
    guard case .betweenRuns = state else {
      preconditionFailure("ExplorationStateMachine: startRun in state \(state)")
    }
    state = .inRun(depth: 0)
  }

  /// A point with `offered` alternatives was reached; returns the one to take.
  /// - Parameter offered: how many alternatives there are; at least 1.
  /// - Returns: an index in `0..<offered`.
  mutating func choose(among offered: Int) -> Int {
    guard case .inRun(let depth) = state, offered >= 1 else {
      preconditionFailure("ExplorationStateMachine: choose(among: \(offered)) in state \(state)")
    }
    state = .inRun(depth: depth + 1)
    if depth < path.count {
      if path[depth].offered != offered {
        divergences += 1
        path[depth].offered = offered
        path[depth].taken = min(path[depth].taken, offered - 1)
        path.removeSubrange((depth + 1)...)
      }
      return path[depth].taken
    }
    path.append((taken: 0, offered: offered))
    return 0
  }

  /// Ends the run and moves to the next path.
  /// - Returns: whether another run is needed.
  mutating func finishRun() -> AfterRun {
    guard case .inRun(let depth) = state else {
      preconditionFailure("ExplorationStateMachine: finishRun in state \(state)")
    }
    completedRuns += 1
    if depth < path.count {
      // The run ended above the remembered path: what lies below no longer exists.
      divergences += 1
      path.removeSubrange(depth...)
    }
    while let last = path.last, last.taken + 1 >= last.offered {
      path.removeLast()
    }
    guard !path.isEmpty else {
      state = .finished
      return .finished
    }
    path[path.count - 1].taken += 1
    state = .betweenRuns
    return .runAgain
  }
}
