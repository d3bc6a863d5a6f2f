/// Depth-first enumeration of every path through a tree of choices, one run
/// at a time, without keeping the tree: the classic stateless model checker.
///
/// Each run re-executes from the start. While a run is within the path of the
/// previous one it takes the same choices, then the next alternative at the
/// deepest point that has one, then the first alternative everywhere below.
/// Runs must be deterministic: when a run offers a different number of
/// alternatives at a point than the previous run did, the machine notes a
/// divergence and carries on with what it can still take.
///
/// A machine may be pinned to a prefix (``init(prefix:)``): it then takes
/// the prefix's choices in every run and enumerates only the paths below
/// it, one subtree of the whole tree (``FirstStepRotation`` runs one such
/// machine per first step).
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
  /// One depth of the current path.
  struct Point {
    /// The alternative taken.
    var taken: Int
    /// How many alternatives there are.
    var offered: Int
    /// Runs made below the alternative taken.
    var runsBelow = 0
    /// Alternatives before the one taken whose every path ran, and their runs.
    var finished = 0
    var finishedRuns = 0
  }

  /// The choice taken, and the alternatives offered, at each depth of the current path.
  private(set) var path: [Point] = []
  /// How many choices of the path are pinned: never backtracked into.
  private var floor = 0

  /// A machine enumerating every path.
  init() {}

  /// A machine enumerating the paths below `prefix` only: every run takes
  /// the prefix's choices first.
  /// - Parameter prefix: the choice taken and the alternatives offered at
  ///   each depth of the pinned prefix.
  init(prefix: [(taken: Int, offered: Int)]) {
    path = prefix.map { Point(taken: $0.taken, offered: $0.offered) }
    floor = prefix.count
  }

  /// Pins the current path down to `depth` (inclusive): the runs that
  /// follow stay below the choice made there.
  /// - Important: between runs' choices of the same run, or before
  ///   ``finishRun()``; `depth` is within the path.
  mutating func pin(through depth: Int) {
    precondition(depth < path.count, "ExplorationStateMachine: pin(through: \(depth)) past the path")
    floor = depth + 1
  }

  /// The depth at which the run under way is now; the number of choices it made.
  var depth: Int {
    if case .inRun(let depth) = state { return depth }
    return 0
  }

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
        path.removeSubrange(max(depth + 1, floor)...)
      }
      return path[depth].taken
    }
    path.append(Point(taken: 0, offered: offered))
    return 0
  }

  /// Ends the run and moves to the next path.
  /// - Returns: whether another run is needed.
  mutating func finishRun() -> AfterRun {
    guard case .inRun(let depth) = state else {
      preconditionFailure("ExplorationStateMachine: finishRun in state \(state)")
    }
    completedRuns += 1
    if depth < path.count, depth >= floor {
      // The run ended above the remembered path: what lies below no longer exists.
      divergences += 1
      path.removeSubrange(depth...)
    } else if depth < floor {
      // It ended inside the pinned prefix: its subtree is that one run.
      divergences += 1
      path.removeSubrange(floor...)
    }
    for index in path.indices { path[index].runsBelow += 1 }
    while path.count > floor, let last = path.last, last.taken + 1 >= last.offered {
      path.removeLast()
    }
    guard path.count > floor else {
      state = .finished
      return .finished
    }
    let last = path.count - 1
    path[last].finished += 1
    path[last].finishedRuns += path[last].runsBelow
    path[last].runsBelow = 0
    path[last].taken += 1
    state = .betweenRuns
    return .runAgain
  }

  /// The paths not taken yet, estimated: the next one, and at each depth
  /// below the pinned prefix, the alternatives after the one taken, each as large as the
  /// mean of the alternatives before it whose every path ran, or, when
  /// none has, as the product of the alternatives offered below that depth
  /// along the current path (Knuth's estimate), and at least as large as
  /// the runs the current one took. `0` when finished.
  /// - Important: between runs.
  var estimatedPathsLeft: Double {
    guard !isFinished else { return 0 }
    var left = 1.0
    var below = 1.0
    for point in path[floor...].reversed() {
      let untaken = Double(point.offered - point.taken - 1)
      let size =
        point.finished > 0 ? Double(point.finishedRuns) / Double(point.finished) : max(below, Double(point.runsBelow))
      // A point with nothing left to take adds nothing, however large
      // the tree below it (0 × ∞ would be NaN); products past Double's
      // range saturate instead of becoming infinite.
      if untaken > 0 { left = Self.saturating(left + untaken * size) }
      below = Self.saturating(below * Double(point.offered))
    }
    return left
  }

  /// `value`, or the largest finite `Double` when it is past it.
  private static func saturating(_ value: Double) -> Double {
    value.isFinite ? value : .greatestFiniteMagnitude
  }
}
