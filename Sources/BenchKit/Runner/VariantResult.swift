/// What an interleaved run measured for one variant.
public struct VariantResult: Sendable {
  /// The variant's name.
  public var name: String
  /// The variant's parameters, in column order.
  public var parameters: [BenchmarkParameter]
  /// One sample set per declared metric, in declaration order.
  public var metrics: [SampleSet]
  /// How many measured iterations completed.
  public var completedIterations: Int
  /// How many measured iterations were asked for.
  public var requestedIterations: Int
  /// Whether the time cap ended the run before this variant was done.
  public var truncatedByTimeCap: Bool
  /// Whether an interrupt ended the run before this variant was done.
  public var interrupted: Bool
  /// Whether the variant met the run's ``PrecisionTarget``; `nil` when the
  /// run had none (fixed counts).
  public var converged: Bool?

  /// Creates a result (the runner does this; tests and derived tables may too).
  /// - Parameters:
  ///   - name: the variant's name.
  ///   - parameters: its parameters.
  ///   - metrics: one sample set per metric.
  ///   - completedIterations: iterations measured.
  ///   - requestedIterations: iterations asked for.
  ///   - truncatedByTimeCap: whether the time cap cut it short.
  ///   - interrupted: whether an interrupt cut it short.
  ///   - converged: whether it met the precision target, or `nil` without one.
  public init(
    name: String,
    parameters: [BenchmarkParameter],
    metrics: [SampleSet],
    completedIterations: Int,
    requestedIterations: Int,
    truncatedByTimeCap: Bool = false,
    interrupted: Bool = false,
    converged: Bool? = nil
  ) {
    self.name = name
    self.parameters = parameters
    self.metrics = metrics
    self.completedIterations = completedIterations
    self.requestedIterations = requestedIterations
    self.truncatedByTimeCap = truncatedByTimeCap
    self.interrupted = interrupted
    self.converged = converged
  }

  /// Whether fewer iterations were measured than asked for, and not
  /// because the variant met its precision target.
  public var isPartial: Bool {
    completedIterations < requestedIterations && converged != true
  }

  /// The primary metric's samples (the first declared metric).
  public var primary: SampleSet {
    metrics[0]
  }

  /// The samples of the metric called `metric`, if declared.
  /// - Parameter metric: the metric's name, like `ideal_ns`.
  /// - Returns: its samples, or `nil`.
  public func samples(of metric: String) -> SampleSet? {
    metrics.first { $0.metric == metric }
  }
}
