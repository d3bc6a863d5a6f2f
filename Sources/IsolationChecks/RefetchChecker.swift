import BenchKit

/// Checks cancel-on-refetch in a scene: taps "refresh" several times at
/// chosen moments relative to the network's answers, waits until the scene is
/// quiescent, and grades what the user saw.
///
/// The checker owns the transport and the main actor. Every wait has a bound:
/// a scene that never becomes quiescent (an interactor that hangs) is counted
/// as ``RefetchOutcome/lost`` with its schedule, never waited on forever.
///
/// ```swift
/// let checker = RefetchChecker(
///   scene: SceneUnderTest("mine") { MyInteractor(worker: $0, presenter: $1) },
///   configuration: RefetchCheckConfiguration(taps: 3, cancellationStyle: .urlSession))
/// let report = await checker.runSystematic()
/// print(report.table)
/// if report.violations > 0 { print(report.examples) }
/// ```
///
/// - Important: run it on the main actor, with nothing else scheduled there;
///   systematic mode also wants the rest of the process idle (see ``SceneSettler``).
@MainActor
public struct RefetchChecker {
  /// The scene under test.
  public var scene: SceneUnderTest
  /// Taps, network and expectation.
  public var configuration: RefetchCheckConfiguration
  /// How systematic trials wait for the scene between choices.
  var settler = SceneSettler()
  /// What every trial's mock serves.
  var dataset = TrialDataset.make()

  /// Creates a checker.
  /// - Parameters:
  ///   - scene: the scene under test.
  ///   - configuration: taps, network and expectation; the defaults otherwise.
  public init(scene: SceneUnderTest, configuration: RefetchCheckConfiguration = .init()) {
    self.scene = scene
    self.configuration = configuration
  }

  /// Enumerates every ordering of taps and answers (up to the options' tap
  /// limit), or explores seeded random orderings (above it).
  ///
  /// Works the same for an interactor on an actor of its own and for one
  /// isolated to the main actor. The run stops at ``SystematicOptions/budget``;
  /// a schedule whose scene does not settle is counted as
  /// ``RefetchOutcome/lost``, with the reason in its transcript.
  /// - Parameter options: seed, limits, failure injection and the time budget.
  /// - Returns: the outcome table; the same seed gives the same table.
  public func runSystematic(_ options: SystematicOptions = .init()) async -> RefetchReport {
    let exhaustive = configuration.taps <= options.exhaustiveTapLimit
    var report = RefetchReport(
      sceneName: scene.name, configuration: configuration, mode: .systematic(exhaustive: exhaustive),
      seed: options.seed)
    let trial = systematicTrial(
      injectFailures: options.injectFailures,
      tapsBeforePresentations: options.tapsBeforePresentations)
    let start = ContinuousClock.now
    report.budget = options.budget
    func overBudget() -> Bool {
      guard ContinuousClock.now - start >= options.budget else { return false }
      report.stoppedAtBudget = true
      return true
    }
    if exhaustive {
      let chooser = ExhaustiveChooser()
      repeat {
        if overBudget() { break }
        chooser.machine.startRun()
        let result = await trial.run(chooser: chooser)
        report.add(result, keepingExamples: options.examplesPerOutcome)
        if let cap = options.maxSchedules, report.trials >= cap { break }
      } while chooser.machine.finishRun() == .runAgain
      report.divergences += chooser.machine.divergences
    } else {
      var seeds = SeededGenerator(seed: options.seed)
      for _ in 0..<options.randomSchedules {
        if overBudget() { break }
        let result = await trial.run(chooser: RandomChooser(seed: seeds.next()))
        report.add(result, keepingExamples: options.examplesPerOutcome)
      }
    }
    report.elapsed = ContinuousClock.now - start
    return report
  }

  /// Runs trials on real executors with seeded random tap timing, latency and failures.
  /// - Parameter options: trial count, concurrency, timing and seed.
  /// - Returns: the outcome table; counts vary from run to run, as real timing does.
  public func runStress(_ options: StressOptions = .init()) async -> RefetchReport {
    var report = RefetchReport(
      sceneName: scene.name, configuration: configuration, mode: .stress, seed: options.seed)
    let trial = StressTrial(scene: scene, configuration: configuration, options: options, dataset: dataset)
    var seeds = SeededGenerator(seed: options.seed)
    let start = ContinuousClock.now
    let trialSeeds = (0..<options.trials).map { _ in seeds.next() }
    await withTaskGroup(of: RefetchTrialResult.self) { group in
      var started = 0
      while started < min(options.concurrency, trialSeeds.count) {
        let seed = trialSeeds[started]
        group.addTask { await trial.run(seed: seed) }
        started += 1
      }
      while let result = await group.next() {
        report.add(result, keepingExamples: options.examplesPerOutcome)
        if started < trialSeeds.count {
          let seed = trialSeeds[started]
          group.addTask { await trial.run(seed: seed) }
          started += 1
        }
      }
    }
    report.elapsed = ContinuousClock.now - start
    if options.deriveReplays {
      await attachReplays(to: &report)
    }
    return report
  }

  /// Reruns exactly the systematic trial `schedule` describes.
  /// - Parameter schedule: a schedule from a report.
  /// - Returns: the trial; its ``RefetchTrialResult/transcript`` is the display log.
  public func replay(_ schedule: RefetchSchedule) async -> RefetchTrialResult {
    var configuration = self.configuration
    configuration.taps = schedule.tapCount
    var checker = self
    checker.configuration = configuration
    let chooser = ReplayChooser(schedule)
    var trial = checker.systematicTrial(injectFailures: true, tapsBeforePresentations: true)
    trial.holdsPresentations = schedule.holdsPresentations
    var result = await trial.run(chooser: chooser)
    result.diverged = result.diverged || !chooser.isExhausted
    return result
  }

  private func systematicTrial(injectFailures: Bool, tapsBeforePresentations: Bool)
    -> SystematicTrial
  {
    SystematicTrial(
      scene: scene, configuration: configuration, injectFailures: injectFailures,
      tapsBeforePresentations: tapsBeforePresentations, settler: settler, dataset: dataset)
  }

  /// Gives each kept stress example the first derived schedule whose replay
  /// reproduces its outcome.
  private func attachReplays(to report: inout RefetchReport) async {
    for (outcome, examples) in report.examples {
      var updated: [RefetchTrialResult] = []
      for var example in examples {
        for candidate in ScheduleDerivation.candidates(for: example) {
          guard candidate.tapCount == configuration.taps else { continue }
          let replayed = await replay(candidate)
          if !replayed.diverged, replayed.verdict.outcome == outcome {
            example.schedule = candidate
            break
          }
        }
        updated.append(example)
      }
      report.examples[outcome] = updated.sorted { ($0.schedule == nil ? 1 : 0) < ($1.schedule == nil ? 1 : 0) }
    }
  }
}
