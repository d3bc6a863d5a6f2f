/// How much one run of the driver measures.
struct DriverPlan: Sendable {
  /// The network latency of every request.
  static let latency = Duration.milliseconds(10)
  /// The mean length of a post body, as in the main-responsiveness suite.
  static let bodyLength = 2_000

  /// Rounds of every measurement.
  var iterations: Int
  /// Posts per response.
  var posts: Int
  /// Loads per concurrent batch.
  var concurrentLoads: Int
  /// Hops (and floor exchanges) per round.
  var hopSamples: Int
  /// The refetch checker's stress trials per cancellation style.
  var stressTrials: Int
  /// The seed of the checker's trials.
  var seed: UInt64
}
