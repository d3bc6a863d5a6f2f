import BenchKit
import HopProbes
import ProfileScene

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
