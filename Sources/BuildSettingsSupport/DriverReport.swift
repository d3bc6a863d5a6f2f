/// What one build of the scene measured about itself, as its driver prints
/// it (one JSON object on standard output) and the build-settings suite reads it.
///
/// Every array holds one value per iteration, in order, so that the suite
/// can report medians and spreads.
public struct DriverReport: Sendable, Codable, Equatable {
  /// The stages of every measured single load, as the probes saw them.
  public var stages: [StageRecord]
  /// The worker's stages when an actor awaits its fetches one after the
  /// other, without `async let` (the sequential measurement).
  public var sequentialStages: [StageRecord]
  /// One load through a fresh scene, tap to display: nanoseconds.
  public var oneLoadNanoseconds: [Double]
  /// The main-actor gaps overlapping each single load, by ticker (see ``Ticker``).
  public var oneLoadGaps: [TickerGaps]
  /// `concurrentLoads` loads at once, each through its own scene: nanoseconds until the last is shown.
  public var concurrentLoadsNanoseconds: [Double]
  /// The main-actor gaps overlapping each batch of concurrent loads, by ticker.
  public var concurrentLoadsGaps: [TickerGaps]
  /// The scene's worker awaited from an actor: user, then posts; nanoseconds.
  public var sequentialNanoseconds: [Double]
  /// The same with `async let`, as the guides' interactor does; nanoseconds.
  public var asyncLetNanoseconds: [Double]
  /// How many loads ran at once in a batch.
  public var concurrentLoads: Int
  /// Posts in the posts response (the user document carries as many activity entries).
  public var posts: Int
  /// The network latency of every request, in nanoseconds.
  public var latencyNanoseconds: Double
  /// The hop from the interactor to the presenter and the same-run floor, one entry per round.
  public var hopRounds: [HopRound]
  /// The refetch checker's stress tables of the scene, one per cancellation style.
  public var refetch: [RefetchTable]

  /// Creates an empty report for a run of this shape.
  /// - Parameters:
  ///   - concurrentLoads: loads per batch.
  ///   - posts: posts per response.
  ///   - latencyNanoseconds: the network latency.
  public init(concurrentLoads: Int, posts: Int, latencyNanoseconds: Double) {
    stages = []
    sequentialStages = []
    oneLoadNanoseconds = []
    oneLoadGaps = []
    concurrentLoadsNanoseconds = []
    concurrentLoadsGaps = []
    sequentialNanoseconds = []
    asyncLetNanoseconds = []
    self.concurrentLoads = concurrentLoads
    self.posts = posts
    self.latencyNanoseconds = latencyNanoseconds
    hopRounds = []
    refetch = []
  }
}

/// The gaps between consecutive ticks of the main-actor tickers that overlap one window.
public struct TickerGaps: Sendable, Codable, Equatable {
  /// A 1 ms heartbeat: its longest gap is how long the main actor was unavailable.
  public var heartbeat: [Double]
  /// A 60 Hz frame loop, in nanoseconds.
  public var hertz60: [Double]
  /// A 120 Hz frame loop, in nanoseconds.
  public var hertz120: [Double]

  /// Creates the gaps of one window.
  /// - Parameters:
  ///   - heartbeat: the heartbeat's gaps, in nanoseconds.
  ///   - hertz60: the 60 Hz loop's gaps.
  ///   - hertz120: the 120 Hz loop's gaps.
  public init(heartbeat: [Double], hertz60: [Double], hertz120: [Double]) {
    self.heartbeat = heartbeat
    self.hertz60 = hertz60
    self.hertz120 = hertz120
  }
}
