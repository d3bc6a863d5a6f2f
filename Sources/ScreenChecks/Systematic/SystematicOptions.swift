/// How a systematic trial decides that its screen has settled.
public enum SettleStrategy: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Count the trial's own work: take its jobs into the checker's hands and
  /// settle when none is runnable and the main actor's queue is drained. The
  /// default where the concurrency runtime offers the seam; the sampler is
  /// taken where it does not, or where the screen's work runs outside it.
  case counting
  /// Sample the process's threads until all but the checker's sleep, with a
  /// quiet window where that never happens: the method before counting.
  case sampling

  /// `counting` or `sampling`.
  public var description: String { rawValue }
}

/// How systematic mode chooses its orderings.
public struct SystematicOptions: Sendable, Equatable {
  /// The seed of the random orderings (used above ``exhaustiveActionLimit``,
  /// and by the random and PCT strategies).
  public var seed: UInt64
  /// Up to this many actions, every ordering is explored, while the
  /// budget lasts; above it, every ordering when there are at most
  /// ``randomSchedules`` of them, else that many distinct seeded random
  /// orderings. 3 by default. Exhaustive runs take the first steps that
  /// branch in turn, so that one stopped by its budget or its cap has
  /// tried each (``ScreenReport/firstStepsNeverTried``).
  public var exhaustiveActionLimit: Int
  /// How many distinct random orderings to explore above the limit, when
  /// there are more orderings than this; 2,000 by default.
  public var randomSchedules: Int
  /// A cap on the orderings of an exhaustive run; `nil` for none. A run
  /// stopped by it says, as one stopped by the budget does, how many
  /// orderings it left (``ScreenReport/orderingsLeft``).
  public var maxSchedules: Int?
  /// Whether a response may be an injected failure (HTTP 500) as well as a success.
  public var injectFailures: Bool
  /// Whether the checker may also tap just before a presentation is shown (a
  /// tap queued on the main actor ahead of it); `true` by default. Without
  /// these taps every tap finds the scene settled, which checks the
  /// interactor alone: a view policy cannot be what saves it.
  public var actionsBeforePresentations: Bool
  /// How many trials of each outcome other than latest-only the report keeps.
  public var examplesPerOutcome: Int
  /// How the screen is waited for between choices; ``SettleStrategy/counting`` by default.
  public var settle: SettleStrategy
  /// How many times a trial may take a job other than the oldest runnable
  /// one, or act between two jobs, instead of at a settled point: the
  /// job-level exploration's preemption bound (loom's). 0 by default: the
  /// orderings of actions, answers and deadlines only. Needs the counting settle.
  public var preemptions: Int
  /// How deep the run goes after every ordering at ``preemptions``: each
  /// level up to this bound explores the orderings making exactly that
  /// many job-level choices, within ``deeperOrderings`` and the budget, and
  /// is reported apart (``ScreenReport/deeperLevels``). `nil`, the
  /// default, means 1 for a described screen, so that a flaw needing one
  /// preemption (a check made off the main actor before a hop) is found
  /// without asking, and no deeper level for a VIP scene, whose first
  /// level's tables are the package's reference (pass 1 to go deeper).
  /// Deeper levels act between jobs, so a run whose actions wait for
  /// settled points (``actionsBeforePresentations`` off) has none. Needs the
  /// counting settle.
  public var deepenTo: Int?
  /// The most runs each deeper level makes; 2,000 by default. A run may
  /// meet again an ordering with fewer preemptions, which the level does
  /// not count as its own, so a level stopped here has explored fewer
  /// orderings than this, and its line in the table says how many runs
  /// went to those.
  public var deeperOrderings: Int
  /// How the orderings are picked: every one (``ExplorationStrategy/exhaustive``,
  /// the default), or ``randomSchedules`` distinct ones drawn at random or
  /// by PCT from ``seed``, with job-level choices up to the deepest level's
  /// bound, in one level.
  public var strategy: ExplorationStrategy
  /// The share of an exhaustive exploration this run makes, for the
  /// machines of a CI matrix (``ExplorationShard``); the whole by default.
  /// The shards' counts add up to the whole run's. A sampled strategy, and
  /// the random orderings above ``exhaustiveActionLimit``, are run by the
  /// first shard alone.
  public var shard: ExplorationShard
  /// The bound on the time the run's trials take; 60 seconds by default.
  /// It counts each trial's own time, not its wait for its turn at the job
  /// driver (systematic trials of the whole process run one at a time). It
  /// is checked before each schedule and at every settled point of a
  /// trial: a trial still under way when it runs out stops at its next
  /// settled point (each wait for the screen is bounded on its own, by 2
  /// seconds), is cleaned up and set aside, not graded. A run that reaches
  /// it stops there, says so in its report (``ScreenReport/stoppedAtBudget``)
  /// and is not complete.
  public var budget: Duration

  /// Creates systematic options.
  public init(
    seed: UInt64 = 1,
    exhaustiveActionLimit: Int = 3,
    randomSchedules: Int = 2_000,
    maxSchedules: Int? = nil,
    injectFailures: Bool = true,
    actionsBeforePresentations: Bool = true,
    examplesPerOutcome: Int = 3,
    budget: Duration = .seconds(60),
    settle: SettleStrategy = .counting,
    preemptions: Int = 0,
    deepenTo: Int? = nil,
    deeperOrderings: Int = 2_000,
    strategy: ExplorationStrategy = .exhaustive,
    shard: ExplorationShard = .whole
  ) {
    self.seed = seed
    self.exhaustiveActionLimit = exhaustiveActionLimit
    self.randomSchedules = max(randomSchedules, 0)
    self.maxSchedules = maxSchedules
    self.injectFailures = injectFailures
    self.actionsBeforePresentations = actionsBeforePresentations
    self.examplesPerOutcome = max(examplesPerOutcome, 0)
    self.budget = budget
    self.settle = settle
    self.preemptions = max(preemptions, 0)
    self.deepenTo = deepenTo.map { max($0, 0) }
    self.deeperOrderings = max(deeperOrderings, 0)
    self.strategy = strategy
    self.shard = shard
  }
}
