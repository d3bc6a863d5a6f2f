import BenchKit
import MockNetwork
import ProfileScene

/// Suite `main-responsiveness`: a 60 or 120 Hz frame loop on the main actor
/// while profiles with 10 to 1,000 long posts load, for each place the work
/// can run: everything on the main actor, the guides' actor interactor and
/// struct worker, an actor worker, and a main-actor interactor over the
/// struct worker.
///
/// Each iteration loads one profile through a fresh scene of one placement
/// (see ``MainResponsivenessProbe``) and reports its latency, its longest
/// frame gap and the frames it dropped (``FrameGaps``: a gap over 1.5 frame
/// budgets). Every gap of every load is kept and pooled per variant.
///
/// Opt-in: about 25 s at full size.
struct MainResponsivenessSuite: BenchSuite {
  let name = "main-responsiveness"
  let summary =
    "Frame gaps at 60/120 Hz while long profiles load, for each place the work runs (opt-in, ~25 s)."
  /// The standard options it reads: the runner's counts and caps, and the seed; latencies are the suite's own.
  let standardOptions: Set<String> = ["quick", "iterations", "warmup", "max-time", "seed"]
  let runsByDefault = false

  func estimatedDuration(for options: BenchOptions) -> Duration {
    let plan = MainResponsivenessPlan(options: options)
    let rounds = plan.runner.iterations + plan.runner.warmUpIterations
    let perRound = plan.cases.map(\.expectedDuration).reduce(.zero, +)
    let estimate = perRound * rounds
    return plan.runner.maxTime.map { min(estimate, $0) } ?? estimate
  }

  func run(in context: SuiteContext) async throws -> SuiteReport {
    let plan = MainResponsivenessPlan(options: context.options)
    let counts = plan.postCounts.map(String.init).joined(separator: ", ")
    context.progress.report(.note("generating payloads of \(counts) posts"))
    var datasets: [Int: MockDataset] = [:]
    for posts in plan.postCounts { datasets[posts] = DecodeHeavyPayload.dataset(posts: posts) }
    var seeds = context.makeGenerator(stream: 2)
    let recorder = FrameGapRecorder()

    let variants = plan.cases.map { spec in
      let dataset = datasets[spec.posts]!
      let transport = MockTransport(
        .init(
          dataset: dataset, user: RouteBehavior(latency: MainResponsivenessPlan.network),
          posts: RouteBehavior(latency: MainResponsivenessPlan.network), seed: seeds.next()))
      let userId = 1
      let expectedName = dataset.user(id: userId)!.name
      return BenchmarkVariant(name: spec.title, parameters: spec.parameters, metrics: MainResponsivenessCase.metrics) {
        let observation = try await MainResponsivenessProbe.measure(
          spec, transport: transport, userId: userId, expectedName: expectedName)
        await recorder.record(observation.gaps.gaps, for: spec.title)
        return [
          observation.load.nanoseconds, Double(observation.gaps.droppedFrames), Double(observation.gaps.drops),
          observation.gaps.longest.nanoseconds, Double(observation.gaps.gaps.count),
        ]
      }
    }

    var run = try await context.run(variants, configuration: plan.runner)
    for posts in plan.postCounts {
      let parameters = [
        BenchmarkParameter("placement", "reference"), .init("posts", String(posts)),
        .init("body_chars", String(DecodeHeavyPayload.bodyLength)),
      ]
      run.variants.append(try await MainActorWorkReference.measure(datasets[posts]!, parameters: parameters))
    }
    let table = MainResponsivenessTable(
      run: run, cases: plan.cases, gaps: await recorder.gapsByVariant, bootstrap: context.bootstrap)
    return SuiteReport(
      suite: name, summary: table.summary, run: run, moreTables: [.init(name: "frames", table: table.frames)],
      headline: table.headline, notes: table.notes)
  }
}
