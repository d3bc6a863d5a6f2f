import ProfileScene

/// What several interactors presenting at once measured in one iteration.
public struct ConcurrentHopSample: Sendable, Equatable {
  /// The metric names of ``values``, in order.
  public static let metricNames = ["slowest_one_way_ns", "all_presented_ns", "per_present_ns"]

  /// The longest one-way hop among the interactors, in nanoseconds.
  public var slowestOneWay: Int64
  /// From before the first interactor was asked to after the last returned, in nanoseconds.
  public var allPresented: Int64
  /// How many interactors presented.
  public var interactors: Int

  /// Creates a sample.
  /// - Parameters:
  ///   - slowestOneWay: the longest one-way hop.
  ///   - allPresented: the wall time for all of them.
  ///   - interactors: how many presented.
  public init(slowestOneWay: Int64, allPresented: Int64, interactors: Int) {
    self.slowestOneWay = slowestOneWay
    self.allPresented = allPresented
    self.interactors = interactors
  }

  /// The metrics, in the order of ``metricNames``: the last is `allPresented / interactors`.
  public var values: [Double] {
    [Double(slowestOneWay), Double(allPresented), Double(allPresented) / Double(max(interactors, 1))]
  }

  /// Lets every probe's interactor make the guide's call at once, from
  /// child tasks of one task group, and measures the lot.
  /// - Parameters:
  ///   - probes: one per interactor; each has its own presenter and view.
  ///   - response: what each one presents.
  ///   - clock: the clock of the wall time (the probes' clock).
  /// - Returns: the sample.
  public static func measure(
    _ probes: [HopProbe], response: ProfileResponse, clock: StampClock
  ) async -> ConcurrentHopSample {
    let start = clock.now()
    let slowest = await withTaskGroup(of: Int64.self) { group in
      for probe in probes {
        group.addTask { await probe.interactor.present(response, via: .guideAwait).oneWay }
      }
      var slowest = Int64.min
      for await oneWay in group {
        slowest = max(slowest, oneWay)
      }
      return slowest
    }
    return ConcurrentHopSample(slowestOneWay: slowest, allPresented: clock.now() - start, interactors: probes.count)
  }
}
