import BenchKit
import HopProbes
import ProfileScene

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
