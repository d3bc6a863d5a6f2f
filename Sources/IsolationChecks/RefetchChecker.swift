import BenchKit
import Foundation

/// Checks cancel-on-refetch in a scene: taps "refresh" several times at
/// chosen moments relative to the network's answers, waits until the scene is
/// quiescent, and grades what the user saw.
///
/// The checker owns the transport (its own mock, or a server's transport in
/// stress mode, see ``runStress(_:over:)``) and the main actor. Every wait has a bound:
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
    let trial = StressTrial(
      scene: scene, configuration: configuration, options: options, network: .mock(dataset),
      expectedContent: TrialDataset.expectedContent(of: dataset))
    var report = await stress(trial, options: options, baseURL: nil)
    if options.deriveReplays {
      await attachReplays(to: &report)
    }
    return report
  }

  /// Runs the stress trials against a server instead of the mock: real
  /// executors, seeded random tap timing, and whatever latency and answers
  /// the server gives.
  ///
  /// Before the trials, the checker loads each tapped user's profile from
  /// the server once (tap `n` asks for user `n`), so that every display is
  /// graded by the user it shows, as over the mock. Trials settle, are graded
  /// and are counted exactly as over the mock: each waits, with the
  /// configuration's ``RefetchCheckConfiguration/quiescenceTimeout``, for
  /// every task its taps started to finish (``TapWorkProbe``), and a trial
  /// that does not is ``RefetchOutcome/lost``.
  ///
  /// A real network has none of the mock's controls, and the report does not
  /// pretend otherwise:
  /// - no gates: there is no systematic mode over a server;
  /// - no failure injection: ``StressOptions/latency`` and
  ///   ``StressOptions/failureProbability`` are ignored, and an error is
  ///   genuine only when the server answered outside 2xx or the transport
  ///   failed with something other than a cancellation;
  /// - no mock state: requests, and the ones left in flight, are what a
  ///   `RecordingTransport` saw on the client's side of the wire;
  /// - no replays: ``StressOptions/deriveReplays`` is ignored, since a
  ///   schedule is a sequence of the mock's gate releases.
  ///
  /// - Parameters:
  ///   - options: trial count, concurrency, tap timing and seed. One trial
  ///     at a time (`concurrency: 1`) keeps the trials from loading the
  ///     server, and each other's tap timing, with their own requests.
  ///   - server: the transport and API root to run against.
  /// - Returns: the outcome table, with ``RefetchReport/baseURL`` set.
  /// - Throws: the first error met while loading the expected profiles.
  public func runStress(_ options: StressOptions = .init(), over server: StressServer) async throws
    -> RefetchReport
  {
    let expectedContent = try await server.loadExpectedContent(taps: configuration.taps)
    let trial = StressTrial(
      scene: scene, configuration: configuration, options: options, network: .server(server),
      expectedContent: expectedContent)
    return await stress(trial, options: options, baseURL: server.baseURL)
  }

  /// Runs `options.trials` trials, `options.concurrency` at a time, and counts them.
  private func stress(_ trial: StressTrial, options: StressOptions, baseURL: URL?) async -> RefetchReport {
    var report = RefetchReport(
      sceneName: scene.name, configuration: configuration, mode: .stress, seed: options.seed)
    report.baseURL = baseURL
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
