import BenchBasics

/// Where a systematic run's orderings come from: one type per strategy
/// (``ExplorationStrategy``), behind the one loop of ``ScreenChecker``: ask
/// for the next run's chooser, run the trial with it, report the trial back.
@MainActor
protocol OrderingSource: AnyObject {
  /// The chooser of the next run, or `nil` when the source has no run left.
  func nextRun() -> (any ScheduleChooser)?
  /// Learns what the run just made did; returns whether it is an ordering
  /// to count (a random source's repeat is not).
  func finishRun(_ result: ScreenTrialResult) -> Bool
  /// The choices of the run just finished, in the enumeration's order,
  /// when the source enumerates (so that findings are kept in depth-first
  /// order, whatever order the runs took); `nil` otherwise.
  var lastPath: [Int]? { get }
  /// Whether reaching the run's cap of orderings completes what was asked
  /// (a sample of that size) rather than cutting the exploration short.
  var capCompletes: Bool { get }
}

/// Every ordering, first steps in turn (``FirstStepRotation``).
@MainActor
final class ExhaustiveOrderings: OrderingSource {
  let chooser: ExhaustiveChooser
  private var started = false
  private var runAgain = true
  private(set) var lastPath: [Int]?
  var capCompletes: Bool { false }

  /// - Parameter shard: the share of the first steps to run.
  init(shard: ExplorationShard = .whole) {
    chooser = ExhaustiveChooser(shard: shard)
  }

  func nextRun() -> (any ScheduleChooser)? {
    guard !started || runAgain else { return nil }
    started = true
    chooser.exploration.startRun()
    return chooser
  }

  /// Counts every run but another shard's first, which only found the branch.
  func finishRun(_ result: ScreenTrialResult) -> Bool {
    lastPath = chooser.exploration.path
    let owned = chooser.exploration.currentRunIsOwned
    runAgain = chooser.exploration.finishRun() == .runAgain
    return owned
  }
}

/// Seeded samples of distinct orderings, each run's chooser made by
/// `makeChooser` from the run's seed and what earlier runs saw: a repeat
/// is run (its ordering is known only afterwards) but not counted, within
/// a bound on the attempts.
@MainActor
final class SampledOrderings: OrderingSource {
  private var seeds: SeededGenerator
  private var attemptsLeft: Int
  private var seen: Set<ScreenSchedule> = []
  /// The most choices a run made so far: PCT's estimate of a run's length.
  private var longestRun = 0
  private var current: (any ScheduleChooser)?
  private let makeChooser: @MainActor (_ seed: UInt64, _ longestRun: Int) -> any ScheduleChooser
  var lastPath: [Int]? { nil }
  var capCompletes: Bool { true }

  /// - Parameters:
  ///   - seed: the sample's seed.
  ///   - attempts: the most runs to make, repeats included.
  ///   - makeChooser: the chooser of one run.
  init(
    seed: UInt64, attempts: Int,
    makeChooser: @escaping @MainActor (_ seed: UInt64, _ longestRun: Int) -> any ScheduleChooser
  ) {
    seeds = SeededGenerator(seed: seed)
    attemptsLeft = attempts
    self.makeChooser = makeChooser
  }

  /// Uniform choices at every step.
  static func random(seed: UInt64, attempts: Int) -> SampledOrderings {
    SampledOrderings(seed: seed, attempts: attempts) { seed, _ in RandomChooser(seed: seed) }
  }

  /// PCT's choices, at `depth`, its change points drawn over the longest
  /// run so far (16 choices before the first).
  static func pct(depth: Int, seed: UInt64, attempts: Int) -> SampledOrderings {
    SampledOrderings(seed: seed, attempts: attempts) { seed, longest in
      PCTChooser(seed: seed, depth: depth, expectedSteps: longest > 0 ? longest : 16)
    }
  }

  func nextRun() -> (any ScheduleChooser)? {
    guard attemptsLeft > 0 else { return nil }
    attemptsLeft -= 1
    let chooser = makeChooser(seeds.next(), longestRun)
    current = chooser
    return chooser
  }

  func finishRun(_ result: ScreenTrialResult) -> Bool {
    if let pct = current as? PCTChooser { longestRun = max(longestRun, pct.steps) }
    guard let schedule = result.schedule else { return true }
    return seen.insert(schedule).inserted
  }
}
