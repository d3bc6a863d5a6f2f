import BenchKit
import Foundation
import IsolationChecks
import MockNetwork
import ProfileScene

/// Suite `refetch-cancel`: taps "refresh" again and again against every
/// variant — the seed or corrected interactor, on an actor of its own or on
/// the main actor, behind the guide's view or the
/// latest-request-only view, with `CancellationError` or URLSession's
/// `URLError(.cancelled)` — and grades what the user saw.
///
/// Two modes per variant: systematic (a gated transport; every ordering of
/// taps and answers for up to 3 taps, and above when there are at most
/// 2,000 of them; else 2,000 distinct seeded random orderings) and
/// stress (real executors, seeded random tap timing, latency and failures).
/// The default run sizes each variant's stress trials from a 500-trial pilot
/// (``StressTrialSizing``): enough for ±1.5 points on every outcome's share.
/// Forbidden outcomes of the corrected scene are invariant violations; those
/// of the other variants are findings, reported with a replay string each.
/// `--replay <variant>:<schedule>` reruns one systematic trial and prints
/// its display log. With `--base-url`, stress mode also runs the
/// interactor × policy scenes over real HTTP with the same checker
/// (``RefetchHTTPPass``, mode `stress-http`); systematic mode stays on the
/// mock, whose gates it needs.
struct RefetchCancelSuite: BenchSuite {
  let name = "refetch-cancel"
  /// The interactors it checks, each behind both view policies with both cancellation styles.
  var scenes = SceneRegistry.shipped

  var summary: String {
    "Tap refresh again: what the user sees, for \(variants.count) scene variants, stress and systematic."
  }

  /// Every variant of the registry's interactors, then of its screens.
  var variants: [any RefetchCancelSubject] { RefetchCancelSubjects.all(in: scenes) }
  /// The standard options it reads: trials come from `--iterations`; latencies and caps are the checker's own.
  let standardOptions: Set<String> = ["quick", "thorough", "iterations", "seed"]

  /// `--replay`: one systematic trial of a variant of ``scenes`` to rerun, instead of the checks.
  var replayTrial: SuiteOption<(variant: any RefetchCancelSubject, schedule: ScreenSchedule)?> {
    let scenes = scenes
    return SuiteOption(
      "replay", valueName: "schedule",
      help: "Rerun one systematic trial, given as <variant>:<schedule> from a report, and print its display log",
      absent: "off"
    ) { text throws(InvalidValue) in
      do throws(ScheduleParseError) {
        return try RefetchCancelSubjects.parseReplay(text, in: scenes)
      } catch {
        throw InvalidValue(error.description)
      }
    }
  }
  /// `--actions` (or `--taps`, its name before screens of any action were
  /// checked): actions per trial, taps of the profile scene.
  static let actions = SuiteOption(
    "actions", valueName: "n",
    help: "Actions (the scene's taps) per trial, from 2 to 5; 3 explores every 3-tap ordering in under 30 seconds",
    default: 2, aliases: ["taps"]
  ) { text throws(InvalidValue) in
    guard let taps = Int(text), CheckConfiguration.actionRange.contains(taps) else {
      throw InvalidValue("expected an integer from 2 to 5")
    }
    return taps
  }
  /// `--preemptions`: the job-level exploration's bound.
  static let preemptions = SuiteOption(
    "preemptions", valueName: "n",
    help:
      "Systematic mode also explores job orders: up to n times a trial may run a job other than the oldest "
      + "or tap between two jobs; 0 is off",
    default: 0
  ) { text throws(InvalidValue) in
    guard let preemptions = Int(text), (0...3).contains(preemptions) else {
      throw InvalidValue("expected an integer from 0 to 3")
    }
    return preemptions
  }
  /// `--strategy`: how systematic mode picks its orderings.
  static let strategy = SuiteOption(
    "strategy", valueName: "name",
    help:
      "How systematic mode picks its orderings: exhaustive (every one), random or pct-N (PCT at depth N, 1 to 10), "
      + "the last two 2,000 seeded orderings (200 with --quick)",
    default: ExplorationStrategy.exhaustive
  ) { text throws(InvalidValue) in
    guard let strategy = ExplorationStrategy(text) else {
      throw InvalidValue("expected exhaustive, random or pct-N with N from 1 to 10")
    }
    return strategy
  }
  /// `--shard`: the share of each exhaustive exploration this run makes.
  static let shard = SuiteOption(
    "shard", valueName: "i/n",
    help:
      "Run the i-th of n shares of each exhaustive exploration, for a CI matrix; the shards' CSVs, joined by "
      + "scripts/join_shards.py, are the whole run's (needs --mode systematic)",
    default: ExplorationShard.whole
  ) { text throws(InvalidValue) in
    guard let shard = ExplorationShard(text) else { throw InvalidValue("expected i/n with 1 <= i <= n, like 2/4") }
    return shard
  }
  /// `--mode`: which modes run.
  static let mode = SuiteOption(
    "mode", valueName: "mode", help: "Which modes to run: both, stress or systematic",
    default: RefetchCancelPlan.Modes.both)

  var options: [OptionSpec] {
    [
      RealServerOption.baseURL.spec, replayTrial.spec, Self.actions.spec, Self.preemptions.spec, Self.strategy.spec,
      Self.shard.spec, Self.mode.spec,
    ]
  }

  func estimatedDuration(for options: BenchOptions) -> Duration {
    guard options[replayTrial] == nil else { return .milliseconds(50) }
    let slowdown = RefetchCancelPlan.slowdown(
      load: SystemLoad.current()?.oneMinute, cores: ProcessInfo.processInfo.activeProcessorCount)
    return RefetchCancelPlan(options: options).estimatedDuration(variants: variants.count, slowdown: slowdown)
  }

  func run(in context: SuiteContext) async throws -> SuiteReport {
    if let trial = context.options[replayTrial] {
      return try await replay(trial)
    }
    let plan = RefetchCancelPlan(options: context.options)
    if plan.systematic.shard != .whole, plan.modes != .systematic {
      // Stress trials cannot be split: every shard would run them all.
      throw UsageError(
        "--shard \(plan.systematic.shard) splits systematic mode only; add --mode systematic",
        usage: "bench refetch-cancel --mode systematic --shard i/n")
    }
    var runs: [RefetchCancelRun] = []
    if plan.modes.includesSystematic {
      runs += try await check(variants, phase: "systematic", plan: plan, context: context) {
        try await $0.runSystematic($1, plan.systematic)
      }
    }
    if plan.modes.includesStress {
      runs += try await check(variants, phase: "stress", plan: plan, context: context) { variant, configuration in
        guard let sizing = plan.stressSizing else { return try await variant.runStress(configuration, plan.stress) }
        let pilot = try await variant.runStress(configuration, plan.pilot(sizing))
        return try await variant.runStress(configuration, plan.stress(trials: sizing.trials(after: pilot)))
      }
    }
    var httpRuns: [RefetchCancelRun] = []
    var serverNotes: [String] = []
    if let server = plan.server {
      serverNotes.append(
        "--base-url \(server.absoluteString): systematic mode and the mock's stress rows stay on the in-process "
          + "mock (systematic mode orders taps and answers with the mock's gates); the stress-http rows ran over "
          + "real HTTP, with URLSession's own cancellation (URLError(.cancelled)).")
      if plan.modes.includesStress, !context.interrupt.isRaised {
        (httpRuns, serverNotes) = try await runOverHTTP(server, plan: plan, context: context, notes: serverNotes)
      }
    }
    var report = RefetchCancelTables.report(
      runs, httpRuns: httpRuns, suite: name, isPartial: context.interrupt.isRaised)
    report.notes += serverNotes
    report.verboseNotes? += serverNotes
    return report
  }

  /// Runs the stress-http trials of every scene against `server`, with the
  /// checker's stress mode, one trial at a time, tap gaps up to the server's
  /// median latency.
  /// - Returns: the runs, and `notes` with the tap gap added.
  @MainActor
  private func runOverHTTP(
    _ server: URL, plan: RefetchCancelPlan, context: SuiteContext, notes: [String]
  ) async throws -> ([RefetchCancelRun], [String]) {
    try await RealServerOption.probe(server)
    let network = RefetchHTTPPass.server(server)
    let maxActionGap = max(try await RefetchHTTPPass.measureLatency(of: network), .milliseconds(1))
    let options = RefetchHTTPPass.options(trials: plan.httpTrials, seed: plan.seed, maxActionGap: maxActionGap)
    let gap = CellFormat.fixed(maxActionGap.nanoseconds / 1e6, digits: 1)
    let runs = try await check(
      RefetchHTTPPass.variants(in: scenes), phase: RefetchHTTPPass.mode, plan: plan, context: context,
      quiescenceTimeout: RefetchHTTPPass.quiescenceTimeout
    ) { subject, configuration in
      guard let variant = subject as? RefetchVariant else {
        preconditionFailure("refetch-cancel: \(subject.name) has no pass over real HTTP")
      }
      return try await RefetchChecker(scene: variant.scene, configuration: configuration).runStress(
        options, over: network)
    }
    return (runs, notes + ["\(RefetchHTTPPass.mode): tap gaps up to \(gap) ms, the server's median latency"])
  }

  /// Runs one checker per variant, one after the other, reporting progress
  /// as phase `phase` and stopping early at an interrupt.
  /// - Parameters:
  ///   - quiescenceTimeout: the bound on a trial's wait, when not the configuration's own.
  ///   - mode: runs the checker in one mode.
  @MainActor
  private func check(
    _ variants: [any RefetchCancelSubject], phase: String, plan: RefetchCancelPlan, context: SuiteContext,
    quiescenceTimeout: Duration? = nil,
    _ mode: (any RefetchCancelSubject, CheckConfiguration) async throws -> ScreenReport
  ) async throws -> [RefetchCancelRun] {
    context.progress.report(.phaseStarted(phase: phase, totalSteps: variants.count))
    var runs: [RefetchCancelRun] = []
    for (index, variant) in variants.enumerated() where !context.interrupt.isRaised {
      var configuration = plan.configuration(for: variant)
      if let quiescenceTimeout { configuration.quiescenceTimeout = quiescenceTimeout }
      runs.append(RefetchCancelRun(variant: variant, report: try await mode(variant, configuration)))
      context.progress.report(.stepsCompleted(index + 1, of: variants.count))
    }
    return runs
  }

  /// Reruns one systematic trial and prints what the user saw.
  @MainActor
  private func replay(_ trial: (variant: any RefetchCancelSubject, schedule: ScreenSchedule)) async throws
    -> SuiteReport
  {
    let (variant, schedule) = trial
    let configuration = CheckConfiguration(actions: schedule.actionCount, cancellationStyle: variant.cancellationStyle)
    let usage = "bench refetch-cancel --replay '<variant>:<schedule>'"
    let result: ScreenTrialResult
    do {
      result = try await variant.replay(configuration, schedule)
    } catch let error as ScreenDescriptionError {
      guard case .replayNotFollowed(_, _, let step, let offered) = error else {
        throw UsageError("--replay: \(error)", usage: usage)
      }
      throw UsageError(
        "--replay: \(variant.name) cannot follow \(schedule): "
          + (step.map { "\($0) is not a choice there" } ?? "the trial had choices left when it ended")
          + (offered.isEmpty ? "" : " (the choices were \(offered.joined(separator: ", ")))")
          + "; replay a schedule from this variant's own report", usage: usage)
    }
    // A schedule the scene cannot follow is an error, never another path's verdict.
    guard !result.diverged else {
      throw UsageError(
        "--replay: \(variant.name) cannot follow \(schedule): it left the schedule's path; replay a schedule "
          + "from this variant's own report", usage: usage)
    }
    var notes = ["replay of \(variant.name), \(schedule.actionCount) \(variant is ScreenVariant ? "actions" : "taps")"]
    notes += result.transcript.split(separator: "\n").map(String.init)
    return SuiteReport(tables: [], notes: notes)
  }
}
