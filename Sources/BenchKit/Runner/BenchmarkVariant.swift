/// One thing to measure: a name, its parameters, its metrics and a body.
///
/// The body runs one iteration and returns that iteration's metric values, in
/// the order of ``metrics`` (times in nanoseconds). The first metric is the
/// primary one, the one progress and headlines talk about.
///
/// ```swift
/// BenchmarkVariant(
///   name: "sequential, 10 ms",
///   parameters: [.init("strategy", "sequential"), .init("latency_ms", "10")],
///   metrics: ["elapsed_ns", "ideal_ns"]
/// ) {
///   let start = ContinuousClock.now
///   let latencies = try await fetchBothSequentially()
///   return [(ContinuousClock.now - start).nanoseconds, latencies.reduce(0, +)]
/// }
/// ```
///
/// - Important: the runner calls bodies one at a time, never concurrently.
///   A body may hop to the main actor itself.
public struct BenchmarkVariant: Sendable {
  /// A human title, like "parallel fetch, 2 routes, 10 ms, async let".
  public var name: String
  /// Named parameters, written as columns in declaration order.
  public var parameters: [BenchmarkParameter]
  /// Metric names; the first is primary. Bodies return values in this order.
  public var metrics: [String]
  /// Runs one iteration and returns one value per metric.
  public var body: @Sendable () async throws -> [Double]

  /// Creates a variant.
  /// - Parameters:
  ///   - name: a human title.
  ///   - parameters: named parameters, in column order.
  ///   - metrics: metric names, primary first; at least one.
  ///   - body: one iteration, returning one value per metric.
  public init(
    name: String,
    parameters: [BenchmarkParameter] = [],
    metrics: [String],
    body: @escaping @Sendable () async throws -> [Double]
  ) {
    precondition(!metrics.isEmpty, "variant '\(name)' declares no metrics")
    self.name = name
    self.parameters = parameters
    self.metrics = metrics
    self.body = body
  }

  /// Creates a variant whose only metric, `elapsed_ns`, the runner times
  /// around the body on `ContinuousClock`.
  /// - Parameters:
  ///   - name: a human title.
  ///   - parameters: named parameters, in column order.
  ///   - body: the work to time.
  /// - Returns: the variant.
  public static func timed(
    name: String,
    parameters: [BenchmarkParameter] = [],
    body: @escaping @Sendable () async throws -> Void
  ) -> BenchmarkVariant {
    BenchmarkVariant(name: name, parameters: parameters, metrics: ["elapsed_ns"]) {
      let clock = ContinuousClock()
      let start = clock.now
      try await body()
      return [start.duration(to: clock.now).nanoseconds]
    }
  }
}
