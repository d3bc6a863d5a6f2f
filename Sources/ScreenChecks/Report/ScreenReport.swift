import BenchBasics
import Foundation

/// The outcome table of one scene under one configuration and mode.
public struct ScreenReport: Sendable {
  /// How the trials were chosen.
  public enum Mode: Sendable, Equatable, CustomStringConvertible {
    /// Gated transport; every ordering (`exhaustive`) or seeded random ones.
    case systematic(exhaustive: Bool)
    /// Real executors, seeded random tap timing and latency.
    case stress

    /// `systematic` or `stress`, the value of the CSV's `mode` column.
    public var description: String {
      switch self {
      case .systematic: "systematic"
      case .stress: "stress"
      }
    }
  }

  /// The screen's name.
  public var sceneName: String
  /// The configuration the trials ran with.
  public var configuration: CheckConfiguration
  /// The contract the trials were graded against, with its grades.
  public var contract: ScreenContract
  /// How the trials were chosen.
  public var mode: Mode
  /// The strategy a systematic run's orderings were picked by; `nil` in stress mode.
  public var strategy: ExplorationStrategy?
  /// The seed of the run.
  public var seed: UInt64

  /// Whether the seed chose anything in this run: it draws the orderings of
  /// a sampled systematic run and the timing of a stress run; a run that
  /// explored every ordering (at every level) used none of it.
  public var seedDrivesOrderings: Bool { mode != .systematic(exhaustive: true) }

  /// The seed as a table shows it: empty where it chose nothing
  /// (``seedDrivesOrderings``), so that a row never names a seed that
  /// could not change it.
  public var seedCell: String { seedDrivesOrderings ? String(seed) : "" }
  /// The API root a stress run ran against over a real transport
  /// (``RefetchChecker/runStress(_:over:)``); `nil` when the trials ran over
  /// the checker's mock. Such a run had no gates, no injected failures and
  /// no replays, and its requests are as the client recorded them.
  public var baseURL: URL?
  /// How many trials ran.
  public var trials = 0
  /// Trials by primary outcome.
  public var counts: [ScreenOutcome: Int] = [:]
  /// Trials by every outcome that applied, primary or not (a trial that
  /// lost the newest result and showed a spurious error counts under both).
  public var observedCounts: [ScreenOutcome: Int] = [:]
  /// Trials by failed resource check.
  public var checkFailures: [ResourceCheck: Int] = [:]
  /// A few trials of each outcome other than latest-only: in an
  /// exhaustive run, the first in depth-first order of their schedules
  /// (whatever order the run visited them in), else the first seen.
  public var examples: [ScreenOutcome: [ScreenTrialResult]] = [:]
  /// The exploration paths of the kept examples, when the run gave them.
  private var examplePaths: [ScreenOutcome: [[Int]]] = [:]
  /// The exploration path of each kept check example, when the run gave it.
  private var checkExamplePaths: [ResourceCheck: [Int]] = [:]
  /// The first trial that failed each resource check.
  public var checkExamples: [ResourceCheck: ScreenTrialResult] = [:]
  /// Costs behind the screen.
  public var metrics = ScreenMetrics()
  /// Trials whose taps' work did not finish within the bound.
  public var notQuiescent = 0
  /// Systematic trials that left their path (should be 0 for a deterministic scene).
  public var divergences = 0
  /// Settles that fell back to a quiet window (see ``SceneSettler``).
  public var quietSettles = 0
  /// Systematic trials that at least one quiet-window settle decided: their
  /// ordering rests on timing.
  public var trialsSettledByTiming = 0
  /// Systematic trials settled, every time, by counting their own jobs.
  public var trialsSettledByCounting = 0
  /// Systematic trials settled, every time, by sampling the process's
  /// threads idle (``ProcessActivity``).
  public var trialsSettledBySampling = 0
  /// How long the run took.
  public var elapsed: Duration = .zero
  /// The wall-clock budget of a systematic run; `nil` in stress mode.
  public var budget: Duration?
  /// Whether a systematic run stopped at its budget with orderings left
  /// unexplored: its counts are then not the whole story.
  public var stoppedAtBudget = false
  /// Where a systematic run's time went, over every trial it ran (those a
  /// run above the action limit set aside included): the table prints it
  /// when the run stopped before it finished.
  public var timeSpent = TimeAccount()
  /// How many orderings of a systematic run that stopped before it
  /// finished were left, estimated (``FirstStepRotation``): exact for the
  /// first steps whose orderings all ran, Knuth's estimate from the
  /// alternatives offered along the paths run for the rest. `nil` when
  /// the run finished, or sampled.
  public var orderingsLeft: Int?
  /// The first steps of an exhaustive run, as ``ScreenSchedule`` writes
  /// them, that it never took (it stopped before their turn).
  public var firstStepsNeverTried: [String] = []
  /// How many first steps a stopped exhaustive run took, of
  /// ``firstStepsOffered``; `nil` when the run finished, or sampled.
  public var firstStepsTried: Int?
  /// How many first steps a stopped exhaustive run had to take in turn.
  public var firstStepsOffered: Int?
  /// Why a systematic run that was to count its trials' jobs sampled the
  /// process instead (the runtime lacks the seam, or the screen's work ran
  /// outside it); `nil` when it settled as asked.
  public var settleFallback: String?
  /// The job-level preemption bound the systematic run explored with.
  public var preemptions = 0
  /// The levels explored after every ordering of the first, one per
  /// preemption bound (``SystematicOptions/deepenTo``): their orderings and
  /// findings, apart from the table's counts.
  public var deeperLevels: [ExplorationLevel] = []
  /// How long the run's first level ran before its first forbidden outcome.
  public var timeToFirstFinding: Duration?
  /// How many orderings the first level had run when its first forbidden
  /// outcome came, that one included: unlike the time, the same on every
  /// machine, so screens can be compared by it.
  public var orderingsToFirstFinding: Int?
  /// How many orderings the first level had run when a resource check
  /// the expectation forbids first failed (a superseded call left
  /// running), that one included; `nil` when none did. Beside
  /// ``orderingsToFirstFinding``: a flaw may show only as a failed check.
  public var orderingsToFirstFailedCheck: Int?
  /// How long the run's first level ran before that failed check.
  public var timeToFirstFailedCheck: Duration?
  /// Stress trials with a forbidden outcome whose replay was looked for
  /// (``StressOptions/findingsLookedUp`` of them at most).
  public var stressFindings = 0
  /// Of those, the ones no derived schedule reproduced: gaps in the
  /// checker's model of the screen's world, not findings about the screen.
  public var stressFindingsWithoutReplay = 0
  /// The first stress finding no schedule reproduced, so that the gap can
  /// be investigated: its transcript, then its events with their times.
  public var firstGapLog: [String]?
  /// The stress trials with a forbidden outcome, up to ``findingsLimit``,
  /// kept until their replays were looked for.
  package var stressTrialsToLookUp: [ScreenTrialResult] = []
  /// How many stress findings the run keeps to look up
  /// (``StressOptions/findingsLookedUp``).
  package var findingsLimit = 0
  /// Every stress trial with a forbidden outcome, looked up or not.
  public var stressFindingsSeen = 0
  /// What the trials' code did outside the checker's hands, summed over
  /// the trials settled by counting; `nil` when none was.
  package var escapes: TrialEscapes?
  /// Stress trials whose code called the checker's endpoints from outside
  /// the actions' tasks (a Dispatch queue, a thread, a detached task), and
  /// which were graded once that work had ended (a quiet window: timing).
  public var trialsThatWaitedOutside = 0
  /// Stress trials set aside and not graded (nor counted in ``trials``):
  /// their work outside the actions' tasks had not ended within the bound
  /// (``CheckConfiguration/quiescenceTimeout``). Each counts as a violation.
  public var trialsSetAside = 0
  /// Why the first of them was set aside.
  public var firstSetAsideReason: String?

  /// Why the screen could not be checked at all, in one line (an API that
  /// returns a report instead of throwing, such as `RefetchChecker`'s,
  /// says a refusal here); `nil` when it was checked. A refused report ran
  /// no trial and counts as one violation, so that a gate on
  /// ``violations`` fails on it instead of passing an unchecked screen.
  public var refusal: String?

  /// What the table calls the screen's actions: `tap` for a screen whose
  /// only action is a load (the profile scene's refresh), else `action`
  /// (``CheckedScreen/actionNoun``).
  package var actionNoun: String

  /// Creates an empty report.
  package init(
    sceneName: String, configuration: CheckConfiguration, contract: ScreenContract, mode: Mode, seed: UInt64,
    actionNoun: String = "action"
  ) {
    self.actionNoun = actionNoun
    self.sceneName = sceneName
    self.configuration = configuration
    self.contract = contract
    self.mode = mode
    self.seed = seed
  }

  /// Trials whose primary outcome was `outcome`.
  public func count(_ outcome: ScreenOutcome) -> Int { counts[outcome] ?? 0 }

  /// The share of trials whose primary outcome was `outcome`, from 0 to 1.
  public func frequency(_ outcome: ScreenOutcome) -> Double {
    trials == 0 ? 0 : Double(count(outcome)) / Double(trials)
  }

  /// Trials for which `outcome` applied, whether or not it was their primary one.
  public func observedCount(_ outcome: ScreenOutcome) -> Int { observedCounts[outcome] ?? 0 }

  /// The grade the contract gives `outcome`.
  public func grade(_ outcome: ScreenOutcome) -> OutcomeGrade {
    contract.grade(outcome)
  }

  /// The outcomes the table lists: the contract's.
  public var outcomes: [ScreenOutcome] { contract.outcomes }

  /// Trials with a forbidden primary outcome.
  public var forbiddenTrials: Int {
    ScreenOutcome.allCases.filter { grade($0) == .forbidden }.reduce(0) { $0 + count($1) }
  }

  /// Forbidden outcomes (at every level explored) plus forbidden
  /// resource-check failures, plus one for a ``refusal`` and one for each
  /// trial set aside (``trialsSetAside``): what a gate fails on, so that a
  /// run that could not grade its trials never passes as clean.
  public var violations: Int {
    (refusal == nil ? 0 : 1) + trialsSetAside + forbiddenTrials + deeperLevels.reduce(0) { $0 + $1.forbidden }
      + ResourceCheck.allCases.filter { contract.expectation.grade($0) == .forbidden }
      .reduce(0) { $0 + (checkFailures[$1] ?? 0) }
  }

  /// Keeps `result` among its outcome's examples if there is room, or if
  /// its path comes before a kept one's.
  private mutating func keep(_ result: ScreenTrialResult, path: [Int]?, limit: Int) {
    let outcome = result.verdict.outcome
    var kept = examples[outcome, default: []]
    guard let path, var paths = examplePaths[outcome], paths.count == kept.count else {
      if kept.count < limit {
        kept.append(result)
        examples[outcome] = kept
        if let path, kept.count == 1 { examplePaths[outcome] = [path] }
      }
      return
    }
    let position = paths.firstIndex { path.lexicographicallyPrecedes($0) } ?? paths.count
    guard position < limit else { return }
    kept.insert(result, at: position)
    paths.insert(path, at: position)
    if kept.count > limit {
      kept.removeLast()
      paths.removeLast()
    }
    examples[outcome] = kept
    examplePaths[outcome] = paths
  }

  /// Trials per second of wall-clock time.
  public var trialsPerSecond: Double {
    elapsed > .zero ? Double(trials) / elapsed.seconds : 0
  }

  /// Adds one trial.
  /// - Parameter path: the trial's path through the exploration's choices,
  ///   when it has one: the examples kept are then the first in the order
  ///   of their paths, not of their arrival.
  package mutating func add(_ result: ScreenTrialResult, keepingExamples limit: Int, path: [Int]? = nil) {
    if let reason = result.setAside {
      trialsSetAside += 1
      firstSetAsideReason = firstSetAsideReason ?? reason
      return
    }
    if result.waitedForWorkOutside { trialsThatWaitedOutside += 1 }
    trials += 1
    counts[result.verdict.outcome, default: 0] += 1
    for outcome in result.verdict.observed { observedCounts[outcome, default: 0] += 1 }
    for check in result.failedChecks {
      checkFailures[check, default: 0] += 1
      if checkExamples[check] == nil {
        checkExamples[check] = result
        checkExamplePaths[check] = path
      } else if let path, let kept = checkExamplePaths[check], path.lexicographicallyPrecedes(kept) {
        checkExamples[check] = result
        checkExamplePaths[check] = path
      }
    }
    var result = result
    if mode == .stress, grade(result.verdict.outcome) == .forbidden {
      stressFindingsSeen += 1
      if stressTrialsToLookUp.count < findingsLimit {
        result.isLookedUp = true
        stressTrialsToLookUp.append(result)
      }
    }
    if result.verdict.outcome != .latestOnly { keep(result, path: path, limit: limit) }
    metrics.add(result)
    if !result.quiescent { notQuiescent += 1 }
    if result.diverged { divergences += 1 }
    quietSettles += result.quietSettles
    if let escaped = result.escapes {
      var sum = escapes ?? TrialEscapes()
      sum.codeOffMainQueue += escaped.codeOffMainQueue
      sum.jobsFromOffMainQueue += escaped.jobsFromOffMainQueue
      sum.releasedWhileWaiting += escaped.releasedWhileWaiting
      sum.hookReplaced = sum.hookReplaced || escaped.hookReplaced
      escapes = sum
    }
    switch result.settledBy {
    case .timed?: trialsSettledByTiming += 1
    case .counted?: trialsSettledByCounting += 1
    case .sampled?: trialsSettledBySampling += 1
    case nil: if result.quietSettles > 0 { trialsSettledByTiming += 1 }
    }
  }
}
