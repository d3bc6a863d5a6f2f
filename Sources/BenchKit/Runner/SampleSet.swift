/// The raw samples of one metric of one variant, in measurement order.
///
/// Storage is reserved up front so that appending during a run does not
/// allocate. Samples are never dropped or reordered; statistics work on copies.
public struct SampleSet: Sendable, Equatable {
  /// The metric's name, like `elapsed_ns`.
  public let metric: String
  /// The samples, in the order they were measured.
  public private(set) var values: [Double]

  /// Creates an empty set with room for `capacity` samples.
  /// - Parameters:
  ///   - metric: the metric's name.
  ///   - capacity: how many samples to reserve room for.
  public init(metric: String, reservingCapacity capacity: Int = 0) {
    self.metric = metric
    values = []
    values.reserveCapacity(capacity)
  }

  /// Creates a set holding known samples (for tests and derived metrics).
  /// - Parameters:
  ///   - metric: the metric's name.
  ///   - values: the samples, in measurement order.
  public init(metric: String, values: [Double]) {
    self.metric = metric
    self.values = values
  }

  /// Appends one sample.
  /// - Parameter value: the sample.
  public mutating func append(_ value: Double) {
    values.append(value)
  }

  /// The statistics of the samples.
  /// - Parameter bootstrap: how to draw the median's confidence interval.
  /// - Returns: the summary.
  public func summary(bootstrap: BootstrapConfiguration = BootstrapConfiguration()) -> Summary {
    Summary(of: values, bootstrap: bootstrap)
  }
}
