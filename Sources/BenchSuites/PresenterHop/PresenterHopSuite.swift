import BenchKit
import Foundation
import HopProbes
import ProfileScene

/// Suite `presenter-hop`: what the guide's hop from the interactor's actor
/// to the `@MainActor` presenter costs, what it is made of, and how it
/// compares with the alternatives, next to the physical floor measured in
/// the same run (two plain threads waking each other).
///
/// The suite never blocks the main thread: `bench`'s async `main` drains the
/// main queue, and every main-actor step is a real hop. It runs in sections:
///
/// 1. interleaved, main actor idle: the floor; the guide's call and each
///    alternative with 10 posts; the guide's call and a direct call with 100
///    and 1,000 posts; batches of 32 presents; 1, 2, 4 and 8 interactors at once;
/// 2. per simulated UI (60 Hz and 120 Hz, a quarter or three quarters of
///    each frame spent on the main actor): the guide's call arriving at a
///    random point of the frame, split into the wait for the frame's work and
///    the hop beyond it; then how many guide calls complete in one frame.
///
/// Section 1 also times, for each interactor of ``scenes``, a tap's round
/// trip through the whole scene with an instant network (``SceneRoundTripSection``).
struct PresenterHopSuite: BenchSuite {
  let name = "presenter-hop"
  let summary = "The hop from the interactor's actor to the @MainActor presenter, its alternatives, and the floor."
  /// The standard options it reads: the runner's counts and caps, and the seed; no latency grid: the hop starts after a response has arrived.
  let standardOptions: Set<String> = ["quick", "thorough", "iterations", "warmup", "max-time", "seed"]
  /// Read only to say that `--base-url` does not apply to the hop.
  let options = [RealServerOption.baseURL.spec]
  /// The interactors whose scene round trip is measured.
  var scenes = SceneRegistry.shipped

  func estimatedDuration(for options: BenchOptions) -> Duration {
    let slowdown = RefetchCancelPlan.slowdown(
      load: SystemLoad.current()?.oneMinute, cores: ProcessInfo.processInfo.activeProcessorCount)
    return PresenterHopPlan(options: options).estimate(slowdown: slowdown)
  }

  func run(in context: SuiteContext) async throws -> SuiteReport {
    let plan = PresenterHopPlan(options: context.options)
    let clock = StampClock.continuous
    let loadBefore = SystemLoad.current()

    let floor = ConditionPingPong(name: "hop-floor")
    let core = await PresenterHopCoreSection(floor: floor, clock: clock)
    var sceneSeeds = context.makeGenerator(stream: 6)
    let sceneTrips = await SceneRoundTripSection(scenes: scenes, seeds: &sceneSeeds)
    let coreRun: RunResult
    do {
      coreRun = try await context.run(core.variants + sceneTrips.variants, configuration: plan.core)
    } catch {
      floor.stop()
      await core.shutDown()
      throw error
    }
    floor.stop()
    await core.shutDown()

    var runs = [coreRun]
    var loads: [(FrameLoadSpec, MainActorFrameLoad.Report)] = []
    var generator = context.makeGenerator(stream: 5)
    for spec in PresenterHopPlan.frameLoads where coreRun.stopReason == nil && !context.interrupt.isRaised {
      let phases = ArrivalPhases(
        period: spec.period, count: plan.busyLatency.iterations + plan.busyLatency.warmUpIterations,
        generator: &generator)
      let load = await MainActor.run { MainActorFrameLoad(period: spec.period, work: spec.work, clock: clock) }
      let section = await PresenterHopBusySection(spec: spec, load: load, clock: clock, phases: phases)
      await load.start()
      do {
        runs.append(try await context.run([section.latency], configuration: plan.busyLatency))
        runs.append(try await context.run([section.budget], configuration: plan.busyBudget))
      } catch {
        _ = await load.stop()
        await section.probe.shutDown()
        throw error
      }
      loads.append((spec, await load.stop()))
      await section.probe.shutDown()
    }

    let run = RunResult(
      variants: runs.flatMap(\.variants),
      configuration: coreRun.configuration,
      warmUpRounds: coreRun.warmUpRounds,
      elapsed: runs.reduce(.zero) { $0 + $1.elapsed },
      stopReason: runs.lazy.compactMap(\.stopReason).first
    )
    let report = PresenterHopReport(
      run: run, loads: loads, systemLoad: (loadBefore, SystemLoad.current()), environment: context.environment,
      bootstrap: context.bootstrap)
    let mockOnly = RealServerOption.mockOnlyNotes(
      context.options,
      reason: "the hop starts after the response has arrived and involves no network; its payloads are "
        + "built in process, the same for every transport.")
    var suiteReport = SuiteReport(
      tables: [
        .init(name: name, table: report.summary),
        .init(name: "\(name)-samples", table: run.samplesTable()),
      ],
      headline: report.headline,
      notes: report.notes + mockOnly,
      invariantViolations: report.consistency.violations,
      isPartial: run.isPartial || runs.count < 1 + 2 * PresenterHopPlan.frameLoads.count
    )
    suiteReport.verboseHeadline = report.verboseHeadline
    suiteReport.verboseNotes = report.verboseNotes + mockOnly
    return suiteReport
  }
}
