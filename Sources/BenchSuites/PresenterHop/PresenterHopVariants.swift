import BenchKit
import HopProbes
import ProfileScene

/// The parameter columns every `presenter-hop` variant carries, in order;
/// empty where a variant has no such parameter.
struct HopParameters {
  var section: String
  var mechanism: String
  var posts: Int?
  var batchSize: Int?
  var interactors: Int?
  var frame: FrameLoadSpec?

  var list: [BenchmarkParameter] {
    [
      .init("section", section),
      .init("mechanism", mechanism),
      .init("posts", posts.map(String.init) ?? ""),
      .init("batch_size", batchSize.map(String.init) ?? ""),
      .init("interactors", interactors.map(String.init) ?? ""),
      .init("frame_hz", frame.map { String($0.hertz) } ?? ""),
      .init("frame_work_ms", frame.map { CellFormat.number($0.work.nanoseconds / 1e6) } ?? ""),
    ]
  }
}

/// Lets every thread involved go idle before a sample, as they are when a
/// response arrives after a network fetch: without it, a sample may find the
/// main queue's thread still awake from the previous variant's hop, and the
/// one-way time splits into two modes whose mix, and so the median, changes
/// from run to run. The idle lasts 1 ms, not 200 µs: a virtual machine polls
/// an idle CPU adaptively (the guest's haltpoll governor, the hypervisor's
/// halt polling) for up to a few hundred µs before halting it, and after
/// 200 µs the return leg still split between the two, its median moving 30 %
/// between runs; after 1 ms it did not. The sleep sets the starting state; it
/// orders nothing.
func settle() async throws {
  try await Task.sleep(for: PresenterHopPlan.settle, tolerance: .zero)
}

/// The variants of the interleaved section and the probes they own.
///
/// Every variant has probes of its own (interactor, stamping proxy, real
/// presenter and view), built on the main actor before the run.
struct PresenterHopCoreSection {
  static let floorTitle = "floor: condvar ping-pong, 2 plain threads"
  static let defaultPosts = 10

  static func mechanismTitle(_ mechanism: HopMechanism, posts: Int) -> String {
    "\(mechanism.title), \(posts) posts"
  }

  static func batchTitle(_ batch: HopBatch) -> String {
    "\(batch.title(count: PresenterHopPlan.batchSize)), \(defaultPosts) posts"
  }

  static func concurrencyTitle(_ interactors: Int) -> String {
    "\(interactors) interactor\(interactors == 1 ? "" : "s") presenting at once (guide), \(defaultPosts) posts"
  }

  let variants: [BenchmarkVariant]
  let probes: [HopProbe]

  init(floor: ConditionPingPong, clock: StampClock) async {
    var variants: [BenchmarkVariant] = []
    var probes: [HopProbe] = []
    func makeProbe() async -> HopProbe {
      let probe = await HopProbe.make(clock: clock)
      probes.append(probe)
      return probe
    }

    variants.append(
      BenchmarkVariant(
        name: Self.floorTitle,
        parameters: HopParameters(section: "floor", mechanism: "condvar-ping-pong").list,
        metrics: ["one_way_ns", "round_trip_ns"]
      ) {
        try await settle()
        let sample = await floor.exchange()
        return [sample.oneWayNanoseconds, sample.roundTripNanoseconds]
      })

    let responses = Dictionary(uniqueKeysWithValues: HopPayload.postCounts.map { ($0, HopPayload.response(posts: $0)) })
    var cases: [(HopMechanism, Int, String)] = HopMechanism.allCases.map { ($0, Self.defaultPosts, "mechanism") }
    for posts in HopPayload.postCounts where posts != Self.defaultPosts {
      cases += [(.guideAwait, posts, "payload"), (.directCall, posts, "payload")]
    }
    for (mechanism, posts, section) in cases {
      let probe = await makeProbe()
      let response = responses[posts]!
      variants.append(
        BenchmarkVariant(
          name: Self.mechanismTitle(mechanism, posts: posts),
          parameters: HopParameters(section: section, mechanism: mechanism.rawValue, posts: posts).list,
          metrics: HopSample.metricNames
        ) {
          try await settle()
          return await probe.measure(mechanism, response: response).values
        })
    }

    let response = responses[Self.defaultPosts]!
    let batchSize = PresenterHopPlan.batchSize
    for batch in HopBatch.allCases {
      let probe = await makeProbe()
      variants.append(
        BenchmarkVariant(
          name: Self.batchTitle(batch),
          parameters: HopParameters(
            section: "batch", mechanism: batch.rawValue, posts: Self.defaultPosts, batchSize: batchSize
          ).list,
          metrics: ["elapsed_ns", "per_present_ns"]
        ) {
          try await settle()
          let elapsed = Double(await probe.interactor.presentBatch(response, count: batchSize, as: batch))
          return [elapsed, elapsed / Double(batchSize)]
        })
    }

    for count in PresenterHopPlan.concurrentInteractors {
      var group: [HopProbe] = []
      for _ in 0..<count {
        group.append(await makeProbe())
      }
      let members = group
      variants.append(
        BenchmarkVariant(
          name: Self.concurrencyTitle(count),
          parameters: HopParameters(
            section: "concurrency", mechanism: HopMechanism.guideAwait.rawValue, posts: Self.defaultPosts,
            interactors: count
          ).list,
          metrics: ConcurrentHopSample.metricNames
        ) {
          try await settle()
          return await ConcurrentHopSample.measure(members, response: response, clock: clock).values
        })
    }

    self.variants = variants
    self.probes = probes
  }

  func shutDown() async {
    for probe in probes {
      await probe.shutDown()
    }
  }
}

/// The variants measured while a simulated UI keeps the main actor busy.
struct PresenterHopBusySection {
  static func latencyTitle(_ load: FrameLoadSpec) -> String {
    "\(HopMechanism.guideAwait.title), \(PresenterHopCoreSection.defaultPosts) posts, \(load.title)"
  }

  static func budgetTitle(_ load: FrameLoadSpec) -> String {
    "guide calls completed in one frame, \(load.title)"
  }

  /// The metrics of the latency variant: a hop's stamps, then the wait for
  /// the frame's work it met and what the hop took beyond that wait.
  static let latencyMetrics = HopSample.metricNames + ["frame_wait_ns", "hop_after_wait_ns"]

  let latency: BenchmarkVariant
  let budget: BenchmarkVariant
  let probe: HopProbe

  init(spec: FrameLoadSpec, load: MainActorFrameLoad, clock: StampClock, phases: ArrivalPhases) async {
    let probe = await HopProbe.make(clock: clock)
    let response = HopPayload.response(posts: PresenterHopCoreSection.defaultPosts)
    let parameters = HopParameters(
      section: "busy-main", mechanism: HopMechanism.guideAwait.rawValue,
      posts: PresenterHopCoreSection.defaultPosts, frame: spec
    ).list
    latency = BenchmarkVariant(
      name: Self.latencyTitle(spec), parameters: parameters, metrics: Self.latencyMetrics
    ) {
      // Arrive at a random point of the frame; the sleep only sets the phase.
      try await Task.sleep(for: phases.nextPhase(), tolerance: .zero)
      let sample = await probe.measure(.guideAwait, response: response)
      let wait = load.waitForWork(sentAt: sample.sent)
      return sample.values + [Double(wait), Double(sample.oneWay - wait)]
    }
    let window = Int64(spec.period.nanoseconds)
    budget = BenchmarkVariant(name: Self.budgetTitle(spec), parameters: parameters, metrics: ["hops_per_frame"]) {
      [Double(await probe.interactor.presentRepeatedly(response, for: window))]
    }
    self.probe = probe
  }
}
