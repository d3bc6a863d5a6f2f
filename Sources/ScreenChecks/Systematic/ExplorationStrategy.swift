/// How systematic mode picks the orderings it runs: every one, or a seeded
/// sample drawn one of two ways. Each is one type behind the same loop
/// (``SystematicOptions/strategy``); the power each has on the package's
/// flaw fixtures is measured by `bench checker-power`.
public enum ExplorationStrategy: Sendable, Hashable, CustomStringConvertible {
  /// Every ordering within the preemption bound, first steps in turn, then
  /// one level deeper for a described screen; above the action limit,
  /// distinct random orderings. The default.
  case exhaustive
  /// Distinct orderings drawn uniformly at every choice from the seed, with
  /// up to the deepest level's job-level choices.
  case random
  /// Probabilistic concurrency testing (Burckhardt, Kothari, Musuvathi and
  /// Nagarakatte, ASPLOS 2010): every agent of the trial — the user, each
  /// call's answer, each clock wake, the view's reaction, each runnable job
  /// — gets a random priority; at every choice the agent of highest priority
  /// goes; at `depth - 1` steps drawn at random, the agent going drops below
  /// every other. A flaw that needs `depth` such ordering constraints is
  /// found by one run with probability at least 1/(n·k^(depth−1)), n agents
  /// and k steps; seeded, so the same seed draws the same runs.
  case pct(depth: Int)

  /// `exhaustive`, `random`, `pct-3`: the value of the CSV's `strategy`
  /// column and of `--strategy`.
  public var description: String {
    switch self {
    case .exhaustive: "exhaustive"
    case .random: "random"
    case .pct(let depth): "pct-\(depth)"
    }
  }

  /// The strategy `text` names (`exhaustive`, `random`, `pct-3`), if any;
  /// PCT's depth is 1 to 10.
  public init?(_ text: String) {
    switch text {
    case "exhaustive": self = .exhaustive
    case "random": self = .random
    default:
      guard text.hasPrefix("pct-"), let depth = Int(text.dropFirst(4)), (1...10).contains(depth) else { return nil }
      self = .pct(depth: depth)
    }
  }
}
