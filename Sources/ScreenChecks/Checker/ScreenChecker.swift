import BenchBasics
import Foundation

/// Checks what a screen's user sees when they act again before the last
/// action's work has finished: makes actions (taps, typed queries, clears,
/// next pages) at chosen moments relative to the answers of the screen's
/// dependencies and the deadlines of its clock, waits until the screen is
/// quiescent, and grades what the user saw against the screen's contract.
///
/// The checker owns what the screen depends on (every endpoint, the clock)
/// and the main actor. Every wait has a bound: a screen that never becomes
/// quiescent is counted as ``ScreenOutcome/lost`` with its schedule, never
/// waited on forever.
///
/// ```swift
/// let checker = ScreenChecker(searchScreen, configuration: CheckConfiguration(actions: 3))
/// let report = try await checker.runSystematic()
/// print(report.table)
/// ```
///
/// - Important: run it on the main actor.
@MainActor
public struct ScreenChecker {
  /// The screen under check.
  public var screen: CheckedScreen
  /// Actions per trial, network and expectation.
  public var configuration: CheckConfiguration
  /// How systematic trials wait for the screen between choices, when they
  /// do not count their jobs.
  var settler = SceneSettler()
  /// The job driver systematic trials count their jobs with, or why there
  /// is none; the process's by default. A test makes it unavailable to see
  /// the fallback.
  package var jobDriver = TrialJobDriver.availability

  /// Creates a checker.
  /// - Parameters:
  ///   - screen: the screen under check.
  ///   - configuration: actions per trial, network and expectation; the defaults otherwise.
  public init(_ screen: CheckedScreen, configuration: CheckConfiguration = .init()) {
    self.screen = screen
    self.configuration = configuration
  }

  /// The screen as checked: its contract graded as the configuration says.
  package var checkedScreen: CheckedScreen {
    guard let expectation = configuration.expectation else { return screen }
    var contract = screen.contract
    contract.expectation = expectation
    return screen.graded(by: contract)
  }

  /// Enumerates every ordering of actions, answers and deadlines (up to the
  /// options' action limit), or explores seeded random orderings (above it).
  ///
  /// The run stops at ``SystematicOptions/budget``; a schedule whose screen
  /// does not settle is counted as ``ScreenOutcome/lost``, with the reason
  /// in its transcript.
  /// - Parameter options: seed, limits, failure injection and the time budget.
  /// - Returns: the outcome table; the same seed gives the same table.
  /// - Throws: ``ScreenDescriptionError`` when the description cannot be checked.
  public func runSystematic(_ options: SystematicOptions = .init()) async throws(ScreenDescriptionError)
    -> ScreenReport
  {
    let screen = checkedScreen
    let probeEscapes = try await validate(screen)
    if options.settle == .counting, let probeEscapes, probeEscapes.total > 0 {
      // The description check already saw the screen's work escape (a call
      // from a task the checker cannot follow, which may come after a
      // trial has ended): counting would not be exact.
      var sampled = try await explore(screen, options, settle: .sampling)
      sampled.settleFallback = Self.fallbackReason(probeEscapes)
      return sampled
    }
    if options.settle == .counting, case .unavailable(let reason) = jobDriver {
      var report = try await explore(screen, options, settle: .sampling)
      report.settleFallback = reason
      return report
    }
    let report = try await explore(screen, options, settle: options.settle)
    guard let escaped = report.escapes, escaped.total > 0 else { return report }
    // The screen's work ran outside the checker's hands (a `Task.sleep`, a
    // custom executor, a callback): counting its jobs was not exact, so the
    // whole run is made again with the sampler, and the report says why.
    var sampled = try await explore(screen, options, settle: .sampling)
    sampled.settleFallback = Self.fallbackReason(escaped)
    return sampled
  }

  /// Why a run was sampled instead of counted, from what escaped: the
  /// likely cause first, then the fix.
  static func fallbackReason(_ escaped: TrialEscapes) -> String {
    var causes: [String] = []
    if escaped.codeOffMainQueue > 0 {
      causes.append(
        "its code called the checker's endpoints or clock from work the checker could not follow (a task "
          + "started on a Dispatch queue or another thread, a custom executor)")
    }
    if escaped.jobsFromOffMainQueue + escaped.releasedWhileWaiting > 0 {
      causes.append(
        "a task of the screen's was woken from outside the checker (a sleep on a clock of its own, a Dispatch or "
          + "Foundation callback, a continuation resumed from another thread)")
    }
    if escaped.hookReplaced { causes.append("something else replaced the enqueue hook") }
    return "the screen's tasks ran outside the checker's hands (\(escaped)): " + causes.joined(separator: "; ")
      + ". Hand the screen deps.clock and the checker's endpoints, and start its tasks from its own code"
  }

  /// Every ordering, first steps in turn (``FirstStepRotation``), or,
  /// above ``SystematicOptions/exhaustiveActionLimit`` when there are more
  /// orderings than ``SystematicOptions/randomSchedules``, that many
  /// distinct seeded random ones; settled as `settle` says. Then, when
  /// every ordering of that level was explored, the deeper levels up to
  /// ``SystematicOptions/deepenTo``, while the budget lasts.
  private func explore(_ screen: CheckedScreen, _ options: SystematicOptions, settle: SettleStrategy)
    async throws(ScreenDescriptionError) -> ScreenReport
  {
    let withinLimit = configuration.actions <= options.exhaustiveActionLimit
    var report = emptyReport(screen, options, exhaustive: true)
    var trial = SystematicTrial(
      screen: screen, configuration: configuration,
      settings: SystematicTrial.Settings(
        injectFailures: options.injectFailures, actionsBeforePresentations: options.actionsBeforePresentations,
        settle: settle),
      settler: settler, driver: settle == .counting ? jobDriver.driver : nil)
    let firstLevel = settle == .counting ? options.preemptions : 0
    let start = ContinuousClock.now
    // The budget counts the trials' own time: not the waits for the job
    // driver's turn, which other checkers of the process may be holding.
    var spent = Duration.zero
    var account = TimeAccount()
    var divergences = 0

    /// How one level's exhaustive exploration ended, and what it left.
    struct Coverage {
      var orderingsLeft: Int
      var tried: (tried: Int, offered: Int)
      var neverTried: [String]
    }
    var coverage: Coverage?

    /// The one loop every strategy runs behind: the orderings `source`
    /// gives, at one preemption bound, each trial handed to `take` with its
    /// path when the source enumerates, until the source, the cap of
    /// counted orderings or the budget runs out.
    func explore(
      preemptions: Int, _ source: some OrderingSource, runs cap: Int, _ take: (ScreenTrialResult, [Int]?) -> Void
    ) async throws(ScreenDescriptionError) -> LevelEnd {
      trial.settings.preemptions = preemptions
      var runs = 0
      while true {
        if spent >= options.budget { return .budget }
        if runs >= cap { return source.capCompletes ? .complete : .cap }
        guard let chooser = source.nextRun() else { return .complete }
        trial.settings.budgetLeft = options.budget - spent
        let result = try checked(await trial.run(chooser: chooser))
        spent += result.duration
        account.add(result.timing)
        if result.cutAtBudget { return .budget }
        guard source.finishRun(result) else { continue }
        runs += 1
        take(result, source.lastPath)
        if Self.escaped(result, settle) { return .escaped }
      }
    }

    /// Every ordering of one preemption bound, first steps in turn, noting
    /// what it covered when it stops short.
    func exhaustive(
      preemptions: Int, runs cap: Int, _ take: (ScreenTrialResult, [Int]?) -> Void
    ) async throws(ScreenDescriptionError) -> LevelEnd {
      let source = ExhaustiveOrderings(shard: options.shard)
      defer {
        let exploration = source.chooser.exploration
        divergences += exploration.divergences
        coverage = Coverage(
          orderingsLeft: exploration.estimatedPathsLeft, tried: exploration.firstStepsTried,
          neverTried: source.chooser.firstStepsNeverTried)
      }
      return try await explore(preemptions: preemptions, source, runs: cap, take)
    }

    /// `cap` distinct orderings drawn as `strategy` draws them, seeded by
    /// the options' seed and the bound.
    func sampled(
      _ strategy: ExplorationStrategy, preemptions: Int, runs cap: Int, _ take: (ScreenTrialResult, [Int]?) -> Void
    ) async throws(ScreenDescriptionError) -> LevelEnd {
      // A sample is the first shard's alone, so that the shards add up to it.
      guard options.shard.index == 0 else { return .complete }
      let seed = options.seed &+ UInt64(preemptions)
      let attempts = cap.multipliedReportingOverflow(by: 4).overflow ? cap : cap * 4
      let source: SampledOrderings =
        switch strategy {
        case .pct(let depth): .pct(depth: depth, seed: seed, attempts: attempts)
        case .exhaustive, .random: .random(seed: seed, attempts: attempts)
        }
      return try await explore(preemptions: preemptions, source, runs: cap, take)
    }

    func takeFirstLevel(_ result: ScreenTrialResult, path: [Int]?) {
      report.add(result, keepingExamples: options.examplesPerOutcome, path: path)
      if report.timeToFirstFinding == nil, report.grade(result.verdict.outcome) == .forbidden {
        report.timeToFirstFinding = spent
        report.orderingsToFirstFinding = report.trials
      }
      if report.timeToFirstFailedCheck == nil,
        result.failedChecks.contains(where: { report.contract.expectation.grade($0) == .forbidden })
      {
        report.timeToFirstFailedCheck = spent
        report.orderingsToFirstFailedCheck = report.trials
      }
    }
    // Within the limit, every ordering while the budget lasts; above it,
    // every ordering when they are few enough to sample, else distinct
    // random ones (the orderings run so far are a depth-first corner of
    // the space, not a sample of it, and are set aside).
    let deepest = options.actionsBeforePresentations ? options.deepenTo ?? (screen.isDescribed ? 1 : 0) : 0
    if options.strategy != .exhaustive {
      // A sample covers every level at once: job-level choices up to the deepest bound.
      let bound = settle == .counting ? max(firstLevel, deepest) : 0
      report = emptyReport(screen, options, exhaustive: false)
      let end = try await sampled(options.strategy, preemptions: bound, runs: options.randomSchedules, takeFirstLevel)
      report.preemptions = bound
      report.stoppedAtBudget = end == .budget
      report.divergences += divergences
      report.timeSpent = account
      report.elapsed = ContinuousClock.now - start
      return report
    }
    let exhaustiveCap =
      withinLimit ? options.maxSchedules ?? .max : min(options.maxSchedules ?? .max, options.randomSchedules)
    var end = try await exhaustive(preemptions: firstLevel, runs: exhaustiveCap, takeFirstLevel)
    if !withinLimit, end == .cap {
      report = emptyReport(screen, options, exhaustive: false)
      coverage = nil
      end = try await sampled(.random, preemptions: firstLevel, runs: options.randomSchedules, takeFirstLevel)
    }
    report.preemptions = firstLevel
    report.stoppedAtBudget = end == .budget
    if let coverage, end != .complete {
      report.orderingsLeft = coverage.orderingsLeft
      report.firstStepsTried = coverage.tried.tried
      report.firstStepsOffered = coverage.tried.offered
      report.firstStepsNeverTried = coverage.neverTried
    }
    if settle == .counting, end == .complete, deepest > firstLevel {
      for preemptions in (firstLevel + 1)...deepest {
        var level = ExplorationLevel(preemptions: preemptions)
        let levelStart = spent
        var firstFindingPath: [Int]?
        let take = { (result: ScreenTrialResult, path: [Int]?) in
          guard result.schedule?.jobLevelSteps == preemptions else { return }
          level.orderings += 1
          level.counts[result.verdict.outcome, default: 0] += 1
          guard report.grade(result.verdict.outcome) == .forbidden else { return }
          level.forbidden += 1
          if level.timeToFirstFinding == nil {
            level.timeToFirstFinding = spent
            level.orderingsToFirstFinding = level.orderings
          }
          // The first in depth-first order, whatever order the run took.
          let earlier = path.flatMap { path in firstFindingPath.map { path.lexicographicallyPrecedes($0) } } ?? false
          if level.firstFinding == nil || earlier {
            level.firstFinding = result.schedule
            level.firstFindingOutcome = result.verdict.outcome
            firstFindingPath = path
          }
        }
        let end =
          report.mode == .systematic(exhaustive: true)
          ? try await exhaustive(preemptions: preemptions, runs: options.deeperOrderings, take)
          : try await sampled(.random, preemptions: preemptions, runs: options.deeperOrderings, take)
        level.elapsed = spent - levelStart
        level.complete = end == .complete
        switch end {
        case .complete: break
        case .cap:
          // The cap counts runs; the level counts only its own orderings, not those of shallower levels met again.
          let repeated = options.deeperOrderings - level.orderings
          level.stoppedBecause =
            "its cap of \(options.deeperOrderings) runs"
            + (repeated > 0 ? " (\(repeated) of them orderings with fewer preemptions, met again and not counted)" : "")
        case .budget: level.stoppedBecause = "the budget"
        case .escaped: level.stoppedBecause = "a trial whose work escaped the checker"
        }
        report.deeperLevels.append(level)
        if end != .complete { break }
      }
    }
    report.divergences += divergences
    report.timeSpent = account
    report.elapsed = ContinuousClock.now - start
    return report
  }

  /// The report of a run the description's `error` stopped before it
  /// could check anything: no trial, and the error's line as its
  /// ``ScreenReport/refusal``.
  package func refusedReport(_ error: ScreenDescriptionError, mode: ScreenReport.Mode, seed: UInt64) -> ScreenReport {
    let screen = checkedScreen
    var report = ScreenReport(
      sceneName: screen.name, configuration: configuration, contract: screen.contract, mode: mode, seed: seed,
      actionNoun: screen.actionNoun)
    report.refusal = error.description
    return report
  }

  /// A systematic run's report before its first trial.
  private func emptyReport(_ screen: CheckedScreen, _ options: SystematicOptions, exhaustive: Bool) -> ScreenReport {
    var report = ScreenReport(
      sceneName: screen.name, configuration: configuration, contract: screen.contract,
      mode: .systematic(exhaustive: exhaustive), seed: options.seed, actionNoun: screen.actionNoun)
    report.budget = options.budget
    report.strategy = options.strategy
    return report
  }

  /// Why one level of an exploration ended.
  private enum LevelEnd {
    /// Every ordering of the level (or every random one asked for) ran.
    case complete
    /// It reached its cap of runs.
    case cap
    /// It reached the run's budget.
    case budget
    /// A trial's work escaped the checker's hands.
    case escaped
  }

  /// Whether a trial settled by counting escaped the checker's hands: the
  /// run stops there, to be made again with the sampler.
  private static func escaped(_ result: ScreenTrialResult, _ settle: SettleStrategy) -> Bool {
    settle == .counting && (result.escapes?.total ?? 0) > 0
  }

  /// Runs trials on real executors with seeded random action timing,
  /// latency and failures.
  /// - Parameter options: trial count, concurrency, timing and seed.
  /// - Returns: the outcome table; counts vary from run to run, as real timing does.
  /// - Throws: ``ScreenDescriptionError`` when the description cannot be checked.
  public func runStress(_ options: StressOptions = .init()) async throws(ScreenDescriptionError) -> ScreenReport {
    let screen = checkedScreen
    try await validate(screen)
    let trial = StressTrial(screen: screen, configuration: configuration, options: options, network: .answered)
    var report = try await stress(trial, options: options)
    if options.deriveReplays {
      try await replayFindings(of: &report)
    }
    report.stressTrialsToLookUp = []
    return report
  }

  /// Runs `options.trials` trials, `options.concurrency` at a time, and counts them.
  package func stress(_ trial: StressTrial, options: StressOptions) async throws(ScreenDescriptionError)
    -> ScreenReport
  {
    var report = ScreenReport(
      sceneName: trial.screen.name, configuration: configuration, contract: trial.screen.contract, mode: .stress,
      seed: options.seed, actionNoun: trial.screen.actionNoun)
    report.findingsLimit = options.deriveReplays ? options.findingsLookedUp : 0
    var seeds = SeededGenerator(seed: options.seed)
    let start = ContinuousClock.now
    let trialSeeds = (0..<options.trials).map { _ in seeds.next() }
    var firstError: ScreenDescriptionError?
    await withTaskGroup(of: ScreenTrialResult.self) { group in
      var started = 0
      while started < min(options.concurrency, trialSeeds.count) {
        let seed = trialSeeds[started]
        group.addTask { await trial.run(seed: seed) }
        started += 1
      }
      while let result = await group.next() {
        if let error = result.descriptionErrors.first {
          firstError = firstError ?? error
          group.cancelAll()
          continue
        }
        report.add(result, keepingExamples: options.examplesPerOutcome)
        if started < trialSeeds.count, firstError == nil {
          let seed = trialSeeds[started]
          group.addTask { await trial.run(seed: seed) }
          started += 1
        }
      }
    }
    if let firstError { throw firstError }
    report.elapsed = ContinuousClock.now - start
    return report
  }

  /// Replays `schedule` on a screen that may have changed since it was
  /// found (a regression test): answers and clock wakes the trial no
  /// longer waits for, because the screen cancelled their call or sleep,
  /// are skipped; every action must still be taken where the schedule says.
  /// - Returns: the trial; its schedule is the steps taken.
  /// - Throws: ``ScreenDescriptionError/replayNotFollowed(screen:schedule:step:offered:)``
  ///   when an action, or a step the screen still waits for, cannot be taken.
  public func replayAsRegression(_ schedule: ScreenSchedule) async throws(ScreenDescriptionError)
    -> ScreenTrialResult
  {
    var missed: (step: ScheduleStep?, offered: [String])?
    let result = try await replay(schedule, skippingUnanswerable: true, skippingCancelledWakes: true) {
      missed = $0
    }
    if let missed { throw notFollowed(schedule, missed) }
    return result
  }

  /// Reruns exactly the systematic trial `schedule` describes.
  /// - Parameter schedule: a schedule from a report.
  /// - Returns: the trial; its ``ScreenTrialResult/transcript`` is the view log.
  /// - Throws: ``ScreenDescriptionError`` when the description cannot be checked.
  /// - Throws: ``ScreenDescriptionError/replayNotFollowed(screen:schedule:step:offered:)``
  ///   when the trial cannot take a step of the schedule where the schedule
  ///   says (never another path's verdict), or another description error.
  public func replay(_ schedule: ScreenSchedule) async throws(ScreenDescriptionError) -> ScreenTrialResult {
    var missed: (step: ScheduleStep?, offered: [String])?
    let result = try await replay(schedule, skippingUnanswerable: false) { missed = $0 }
    if let missed { throw notFollowed(schedule, missed) }
    return result
  }

  /// Why a replay of `schedule` stopped where it did: an action the screen
  /// has but did not offer there, or another step it could not take.
  private func notFollowed(_ schedule: ScreenSchedule, _ missed: (step: ScheduleStep?, offered: [String]))
    -> ScreenDescriptionError
  {
    // An action of a kind the trial could not take there at all; a kind it
    // could take under another number is a schedule's mistake, not the screen's.
    let offersKind = { (kind: ActionKind) in
      missed.offered.contains { $0.first == kind.token && $0.dropFirst().first?.isNumber == true }
    }
    if let step = missed.step, let kind = step.actionKind, screen.actions.contains(kind), !offersKind(kind) {
      return .actionNotOffered(
        screen: screen.name, schedule: schedule.description, step: step.description, offered: missed.offered)
    }
    return .replayNotFollowed(
      screen: screen.name, schedule: schedule.description, step: missed.step?.description, offered: missed.offered)
  }

  /// Reruns the systematic trial `schedule` describes, even where it
  /// leaves the schedule's path (``ScreenTrialResult/diverged``); with
  /// `skippingUnanswerable`, answers to calls the trial cancelled are
  /// skipped, and the result's schedule is the steps it took.
  /// - Parameter diverged: told the step missed (if any) and the choices
  ///   offered there, when the trial left the path.
  package func replay(
    _ schedule: ScreenSchedule, skippingUnanswerable: Bool, skippingCancelledWakes: Bool = false,
    diverged: ((step: ScheduleStep?, offered: [String])) -> Void = { _ in }
  ) async throws(ScreenDescriptionError) -> ScreenTrialResult {
    var checker = self
    checker.configuration.actions = schedule.actionCount
    let chooser = ReplayChooser(
      schedule, skipsUnanswerable: skippingUnanswerable, skipsCancelledWakes: skippingCancelledWakes)
    let trial = SystematicTrial(
      screen: checker.checkedScreen, configuration: checker.configuration,
      settings: SystematicTrial.Settings(
        holdsPresentations: schedule.holdsPresentations, preemptions: schedule.jobLevelSteps),
      settler: settler, driver: jobDriver.driver)
    var result = try checked(await trial.run(chooser: chooser))
    result.diverged = result.diverged || !chooser.isExhausted
    if result.diverged {
      let missed = chooser.missedStep ?? (chooser.isExhausted ? nil : chooser.nextStep)
      diverged((missed, chooser.offeredAtMiss))
    }
    return result
  }

  /// `result`, unless its trial found the description wrong.
  private func checked(_ result: ScreenTrialResult) throws(ScreenDescriptionError) -> ScreenTrialResult {
    if let error = result.descriptionErrors.first { throw error }
    return result
  }

  /// Checks the screen's description without running its trials: that its
  /// name and actions are usable, that its first action makes it call an
  /// endpoint the checker answers, and that its actions return. Every run
  /// does this first.
  /// - Throws: ``ScreenDescriptionError`` saying, in one line, what is wrong.
  public func checkDescription() async throws(ScreenDescriptionError) {
    try await validate(checkedScreen)
  }

  /// Checks a described screen's description once, before its trials.
  @discardableResult
  private func validate(_ screen: CheckedScreen) async throws(ScreenDescriptionError) -> TrialEscapes? {
    guard CheckConfiguration.actionRange.contains(configuration.actions) else {
      throw .actionCountOutOfRange(screen: screen.name, count: configuration.actions)
    }
    var kinds: Set<ActionKind> = []
    for kind in screen.actions where !kinds.insert(kind).inserted {
      throw .duplicateAction(screen: screen.name, kind: "\(kind)")
    }
    if let texts = screen.texts { try Self.validate(texts, screen: screen.name, actions: configuration.actions) }
    guard screen.isDescribed else { return nil }
    return try await DescriptionProbe(
      screen: screen, configuration: configuration, settler: settler, driver: jobDriver.driver
    ).run()
  }

  /// Checks a type action's texts: enough for a trial, and each told apart
  /// from the others by the calls it makes.
  private static func validate(_ texts: [String], screen: String, actions: Int) throws(ScreenDescriptionError) {
    guard texts.count >= actions else { throw .tooFewTexts(screen: screen, texts: texts.count, actions: actions) }
    let normalized = texts.map(ActionLog.normalized)
    for (i, text) in normalized.enumerated() {
      for (j, other) in normalized.enumerated() where i < j {
        let apart =
          text != other && (text.isEmpty || !ActionLog.key(other, holdsWord: text))
          && (other.isEmpty || !ActionLog.key(text, holdsWord: other))
        if !apart { throw .indistinguishableTexts(screen: screen, first: texts[i], second: texts[j]) }
      }
    }
  }

  /// Looks for a schedule reproducing each stress finding (a trial with a
  /// forbidden outcome): the first derived candidate whose replay gives the
  /// same outcome. Kept examples get theirs; a finding none reproduces is
  /// counted as a gap of the checker's model, with its event log. Replays
  /// are shared: findings with the same candidate replay it once.
  private func replayFindings(of report: inout ScreenReport) async throws(ScreenDescriptionError) {
    var replays = FindingReplays()
    func count(_ finding: ScreenTrialResult, reproduced: Bool) {
      report.stressFindings += 1
      guard !reproduced else { return }
      report.stressFindingsWithoutReplay += 1
      if report.firstGapLog == nil {
        report.firstGapLog =
          finding.transcript.components(separatedBy: "\n") + ["events as recorded:"]
          + finding.timedEvents.map { "  \($0)" }
      }
    }
    for finding in report.stressTrialsToLookUp {
      count(finding, reproduced: try await reproduction(of: finding, replays: &replays) != nil)
    }
    for (outcome, examples) in report.examples {
      var updated: [ScreenTrialResult] = []
      for var example in examples {
        let found = try await reproduction(of: example, replays: &replays)
        // A finding kept as an example but not among those looked up is
        // looked up now: the counts say so, whether or not it replays.
        if !example.isLookedUp, report.grade(outcome) == .forbidden { count(example, reproduced: found != nil) }
        example.schedule = found?.schedule
        if let found, found.verdict.outcome != example.verdict.outcome { example.replayShows = found.verdict }
        updated.append(example)
      }
      report.examples[outcome] = updated.sorted { ($0.schedule == nil ? 1 : 0) < ($1.schedule == nil ? 1 : 0) }
    }
  }

  /// The schedule that reproduces a stress trial's outcome, when one of the
  /// candidates derived from its records does (``ScheduleDerivation``): the
  /// steps a candidate's replay took, kept when their exact replay gives
  /// the same outcome. When none does, the first whose exact replay shows
  /// every outcome the trial showed, and more: a transient state a real
  /// render coalesced away (a cancellation shown as an error, then
  /// replaced before the view read it), which systematic mode reads.
  /// Systematic mode reads the screen after every main-actor job, a render
  /// only once per turn, so what a render saw is a part of what the replay
  /// sees, but for `lost` beside `stale-final`, which a coarser read can
  /// add: the newest results shown, then replaced by older ones before any
  /// render read them. That `lost` is not asked of the replay.
  /// - Parameter replays: the replays run so far, shared by the findings of one run.
  package func reproduction(of finding: ScreenTrialResult, replays: inout FindingReplays)
    async throws(ScreenDescriptionError) -> Reproduction?
  {
    let candidates = ScheduleDerivation.candidates(for: finding).filter { $0.actionCount == configuration.actions }
    let exactly: (ScreenVerdict) -> Bool = { $0.outcome == finding.verdict.outcome }
    var shown = finding.verdict.observed
    if shown.contains(.staleFinal) { shown.remove(.lost) }
    let withMore: (ScreenVerdict) -> Bool = { [shown] in $0.observed.isSuperset(of: shown) }
    for matches in [exactly, withMore] {
      for candidate in candidates {
        if replays.taken[candidate] == nil {
          // Answers to calls the replay cancelled are skipped (a call that
          // answered in stress as its task was cancelled). The steps taken,
          // even off the candidate's path, are a schedule: kept when their
          // exact replay gives the finding's outcome.
          let result = try await replay(candidate, skippingUnanswerable: true)
          replays.taken[candidate] = .some(result.schedule.map { (result.verdict, $0) })
          // Nothing skipped and nothing missed: that run was the exact replay.
          if !result.diverged, result.schedule == candidate { replays.exact[candidate] = .some(result.verdict) }
        }
        guard let (verdict, taken) = replays.taken[candidate] ?? nil, matches(verdict) else { continue }
        if replays.exact[taken] == nil { replays.exact[taken] = .some(try await exactVerdict(of: taken)) }
        if let exact = replays.exact[taken] ?? nil, matches(exact) {
          return Reproduction(schedule: taken, verdict: exact)
        }
      }
    }
    return nil
  }
}

extension ScreenChecker {
  /// The verdict of `schedule` replayed exactly, or `nil` when this run of
  /// the screen cannot follow it: a screen whose behaviour hangs on
  /// something outside the checker's hands (work it does not hold) may
  /// take other steps in the next run than in the one the schedule was
  /// read off. That is a finding without a replay, never an error that
  /// loses the report it was looked up for.
  package func exactVerdict(of schedule: ScreenSchedule) async throws(ScreenDescriptionError) -> ScreenVerdict? {
    let exact = try await replay(schedule, skippingUnanswerable: false)
    return exact.diverged ? nil : exact.verdict
  }
}

/// A schedule that reproduces a stress finding, and what its replay shows.
package struct Reproduction: Sendable {
  package var schedule: ScreenSchedule
  /// The replay's verdict: the finding's outcome, or every outcome the
  /// finding showed and more.
  package var verdict: ScreenVerdict
}

/// The replays run while looking up stress findings' schedules, kept so
/// that findings with the same candidates do not run them again.
package struct FindingReplays {
  /// Each candidate's verdict and the steps its replay took.
  var taken: [ScreenSchedule: (verdict: ScreenVerdict, taken: ScreenSchedule)?] = [:]
  /// Each schedule's verdict, replayed exactly (`nil` when it diverged).
  var exact: [ScreenSchedule: ScreenVerdict?] = [:]

  package init() {}
}
