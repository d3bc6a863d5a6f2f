/// Every path through a tree of choices, like ``ExplorationStateMachine``,
/// with the first step that branches taken in turn: one depth-first machine
/// per alternative there, run round robin. A run stopped early has then
/// tried every first step (after as many runs as there are first steps),
/// instead of spending its budget in the first one's subtree.
///
/// The set of paths is the same as the single machine's; only their order
/// differs. ``path`` gives the run's choices, which order paths as the
/// single machine would (lexicographically), for anything that must not
/// depend on the visit order.
struct FirstStepRotation {
  /// The machine of one first step, and what its runs saw.
  struct Lane {
    var machine: ExplorationStateMachine
    /// How many runs it made.
    var runs = 0
    /// Whether every path of its subtree was taken.
    var finished = false
  }

  /// One lane per first step; a single one until the first run found where
  /// the tree first branches.
  private(set) var lanes = [Lane(machine: ExplorationStateMachine())]
  /// The lane of the run under way.
  private var current = 0
  /// The depth of the first choice with more than one alternative, once
  /// the first run found it; `nil` before, or when the tree never branches.
  private(set) var branchDepth: Int?
  private var split = false
  private(set) var isFinished = false
  /// The share of the first steps this exploration runs: lane `i` of `n`
  /// runs when `i % shard.count == shard.index`; every lane when unsharded.
  /// The first run, which finds the branch, is lane 0's.
  let shard: ExplorationShard

  init(shard: ExplorationShard = .whole) {
    self.shard = shard
  }

  /// Whether lane `lane` is this shard's.
  private func owns(_ lane: Int) -> Bool { lane % shard.count == shard.index }

  /// Whether the run under way is this shard's to count: the first run is
  /// lane 0's, which another shard makes only to find the branch.
  var currentRunIsOwned: Bool { owns(current) }

  /// How many runs have finished.
  var completedRuns: Int { lanes.reduce(0) { $0 + $1.runs } }

  /// How many times a run offered different alternatives than the run before it.
  var divergences: Int { lanes.reduce(0) { $0 + $1.machine.divergences } }

  /// The choices of the run under way so far.
  var path: [Int] { lanes[current].machine.path.prefix(lanes[current].machine.depth).map(\.taken) }

  /// Starts a run.
  mutating func startRun() {
    lanes[current].machine.startRun()
  }

  /// A point with `offered` alternatives was reached; returns the one to take.
  mutating func choose(among offered: Int) -> Int {
    lanes[current].machine.choose(among: offered)
  }

  /// Ends the run and moves to the next first step that has paths left.
  /// - Returns: whether another run is needed.
  mutating func finishRun() -> ExplorationStateMachine.AfterRun {
    let reached = lanes[current].machine.path.prefix(lanes[current].machine.depth)
    if !split {
      split = true
      if let branch = reached.firstIndex(where: { $0.offered > 1 }) {
        branchDepth = branch
        lanes[0].machine.pin(through: branch)
        let prefix = reached.prefix(branch).map { (taken: $0.taken, offered: $0.offered) }
        let offered = reached[branch].offered
        for first in 1..<offered {
          lanes.append(Lane(machine: ExplorationStateMachine(prefix: prefix + [(taken: first, offered: offered)])))
        }
      }
      // Another shard's first steps are left to it: finished here, unrun.
      for lane in lanes.indices where !owns(lane) { lanes[lane].finished = true }
    }
    if owns(current) { lanes[current].runs += 1 }
    if owns(current), lanes[current].machine.finishRun() == .finished { lanes[current].finished = true }
    let count = lanes.count
    let from = current
    guard let next = (1...count).map({ (from + $0) % count }).first(where: { !lanes[$0].finished }) else {
      isFinished = true
      return .finished
    }
    current = next
    return .runAgain
  }

  /// How many first steps the runs took, of how many there are.
  var firstStepsTried: (tried: Int, offered: Int) {
    (lanes.count(where: { $0.runs > 0 }), lanes.count)
  }

  /// The paths left, estimated: for each first step not finished, its
  /// machine's estimate (``ExplorationStateMachine/estimatedPathsLeft``),
  /// at least one; for a first step never tried, the mean size (runs and
  /// estimate) of the ones tried. `0` when finished.
  var estimatedPathsLeft: Int {
    guard !isFinished else { return 0 }
    let tried = lanes.filter { $0.runs > 0 }
    let meanSize =
      tried.isEmpty
      ? 1 : tried.reduce(0.0) { $0 + Double($1.runs) + $1.machine.estimatedPathsLeft } / Double(tried.count)
    var left = 0.0
    for lane in lanes where !lane.finished {
      left += lane.runs == 0 ? max(meanSize, 1) : max(lane.machine.estimatedPathsLeft, 1)
    }
    return !left.isFinite || left >= Double(Int.max) ? Int.max : Int(left.rounded())
  }
}

/// One share of an exhaustive exploration, for the machines of a CI matrix:
/// shard `index` of `count` runs the first steps (the alternatives of the
/// first choice that branches) whose position is `index` modulo `count`.
/// The shards' tables, added together, are the whole exploration's table.
public struct ExplorationShard: Sendable, Hashable, CustomStringConvertible {
  /// This shard's number, from 0.
  public let index: Int
  /// How many shards there are.
  public let count: Int

  /// The whole exploration, unsharded.
  public static let whole = ExplorationShard(uncheckedIndex: 0, count: 1)

  /// Shard `index` of `count`; `nil` unless `0 <= index < count`.
  public init?(index: Int, count: Int) {
    guard count >= 1, (0..<count).contains(index) else { return nil }
    self.init(uncheckedIndex: index, count: count)
  }

  private init(uncheckedIndex index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// The shard `text` names as the command line writes it, `i/n` with i
  /// from 1 to n (`1/4` is the first of four); `nil` otherwise.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let number = Int(parts[0]), let count = Int(parts[1]) else { return nil }
    self.init(index: number - 1, count: count)
  }

  /// `2/4`, numbered from 1 as the command line writes it; `1/1` unsharded.
  public var description: String { "\(index + 1)/\(count)" }
}
