/// How stress mode draws its trials.
public struct StressOptions: Sendable, Equatable {
  /// How many trials to run.
  public var trials: Int
  /// The seed every trial's timing, latency and failures derive from.
  public var seed: UInt64
  /// How many trials run at once; they share the main actor and the cores.
  public var concurrency: Int
  /// The latency of every transport request.
  public var latency: LatencyModel
  /// The longest pause between two taps; each pause is drawn uniformly up to it.
  public var maxActionGap: Duration
  /// The share of transport requests that answer HTTP 500.
  public var failureProbability: Double
  /// How many trials of each outcome other than latest-only the report keeps.
  public var examplesPerOutcome: Int
  /// Whether to derive, and verify by systematic replay, a schedule for
  /// each kept example and for the findings looked up.
  public var deriveReplays: Bool
  /// How many trials with a forbidden outcome are looked up as schedules
  /// (the first ones met), to count the findings no schedule reproduces;
  /// 200 by default. The kept examples always are.
  public var findingsLookedUp: Int

  /// Creates stress options; the defaults put the second tap in the window
  /// where the first response is on its way to the screen often enough to
  /// show the guide's stale flash.
  public init(
    trials: Int = 1_000,
    seed: UInt64 = 1,
    concurrency: Int = 32,
    latency: LatencyModel = .uniform(min: .microseconds(50), max: .microseconds(400)),
    maxActionGap: Duration = .microseconds(500),
    failureProbability: Double = 0.05,
    examplesPerOutcome: Int = 3,
    deriveReplays: Bool = true,
    findingsLookedUp: Int = 200
  ) {
    self.trials = max(trials, 0)
    self.seed = seed
    self.concurrency = max(concurrency, 1)
    self.latency = latency
    self.maxActionGap = maxActionGap
    self.failureProbability = min(max(failureProbability, 0), 1)
    self.examplesPerOutcome = max(examplesPerOutcome, 0)
    self.deriveReplays = deriveReplays
    self.findingsLookedUp = max(findingsLookedUp, 0)
  }
}
