/// How much one run of the build-settings driver measures: chosen by
/// `bench build-settings` from its options, passed to each setting's driver
/// on its command line, read back there.
public struct DriverPlan: Sendable, Equatable {
  /// The network latency of every request.
  public static let latency = Duration.milliseconds(10)
  /// The mean length of a post body, as in the main-responsiveness suite.
  public static let bodyLength = 2_000

  /// Rounds of every measurement.
  public var iterations: Int
  /// Posts per response.
  public var posts: Int
  /// Loads per concurrent batch.
  public var concurrentLoads: Int
  /// Hops from the interactor to the presenter (and floor exchanges) per
  /// round; 0 skips the hop, which does not depend on the payload.
  public var hopSamples: Int
  /// The refetch checker's stress trials per cancellation style; 0 skips
  /// the checker, which does not depend on the payload.
  public var stressTrials: Int
  /// The seed of the checker's trials.
  public var seed: UInt64

  /// Creates a plan.
  public init(iterations: Int, posts: Int, concurrentLoads: Int, hopSamples: Int, stressTrials: Int, seed: UInt64) {
    self.iterations = iterations
    self.posts = posts
    self.concurrentLoads = concurrentLoads
    self.hopSamples = hopSamples
    self.stressTrials = stressTrials
    self.seed = seed
  }

  /// What the driver's usage line calls the arguments, in order.
  public static let usage =
    "usage: driver <iterations> <posts> <concurrent loads> <hops per round> <stress trials> <seed>"

  /// The driver's command-line arguments for this plan.
  public var arguments: [String] {
    [iterations, posts, concurrentLoads, hopSamples, stressTrials].map(String.init) + [String(seed)]
  }

  /// Reads a plan from the driver's arguments.
  /// - Returns: `nil` unless there are six whole numbers, the iterations,
  ///   posts and concurrent loads above zero (hops and trials may be 0).
  public init?(arguments: [String]) {
    let numbers = arguments.compactMap { UInt64($0) }
    guard numbers.count == 6, arguments.count == 6, numbers.dropLast().allSatisfy({ $0 <= Int.max }),
      numbers.prefix(3).allSatisfy({ $0 > 0 })
    else { return nil }
    self.init(
      iterations: Int(numbers[0]), posts: Int(numbers[1]), concurrentLoads: Int(numbers[2]),
      hopSamples: Int(numbers[3]), stressTrials: Int(numbers[4]), seed: numbers[5])
  }
}
