/// Percentile-bootstrap confidence intervals (see ``BootstrapConfiguration``).
public enum Bootstrap {
  /// A confidence interval of the median of `values`.
  /// - Parameters:
  ///   - values: the samples, in any order.
  ///   - configuration: resample count, level and seed.
  /// - Returns: the interval; undefined (`nan`) when `values` is empty.
  public static func medianInterval(
    of values: [Double],
    configuration: BootstrapConfiguration = BootstrapConfiguration()
  ) -> ConfidenceInterval {
    guard !values.isEmpty else { return .undefined(level: configuration.level) }
    var generator = SeededGenerator(seed: configuration.seed)
    var buffer = [Double](repeating: 0, count: values.count)
    var medians = [Double]()
    medians.reserveCapacity(configuration.resamples)
    for _ in 0..<configuration.resamples {
      medians.append(resampledMedian(of: values, into: &buffer, using: &generator))
    }
    return interval(ofEstimates: &medians, level: configuration.level)
  }

  /// A confidence interval of `median(numerator) / median(denominator)`.
  ///
  /// The two sample sets are resampled independently, so the interval holds
  /// for unpaired samples; ``PairedRatio`` treats per-iteration pairs.
  /// - Parameters:
  ///   - numerator: samples of the quantity on top, like sequential times.
  ///   - denominator: samples of the quantity below, like `async let` times.
  ///   - configuration: resample count, level and seed.
  /// - Returns: the interval; undefined when either set is empty.
  public static func medianRatioInterval(
    numerator: [Double],
    denominator: [Double],
    configuration: BootstrapConfiguration = BootstrapConfiguration()
  ) -> ConfidenceInterval {
    guard !numerator.isEmpty, !denominator.isEmpty else { return .undefined(level: configuration.level) }
    var generator = SeededGenerator(seed: configuration.seed)
    var top = [Double](repeating: 0, count: numerator.count)
    var bottom = [Double](repeating: 0, count: denominator.count)
    var ratios = [Double]()
    ratios.reserveCapacity(configuration.resamples)
    for _ in 0..<configuration.resamples {
      let upper = resampledMedian(of: numerator, into: &top, using: &generator)
      let lower = resampledMedian(of: denominator, into: &bottom, using: &generator)
      ratios.append(upper / lower)
    }
    return interval(ofEstimates: &ratios, level: configuration.level)
  }

  static func resampledMedian(
    of values: [Double],
    into buffer: inout [Double],
    using generator: inout SeededGenerator
  ) -> Double {
    let count = UInt64(values.count)
    for index in buffer.indices {
      buffer[index] = values[Int(generator.next() % count)]
    }
    return Statistics.median(reordering: &buffer)
  }

  static func interval(ofEstimates estimates: inout [Double], level: Double) -> ConfidenceInterval {
    estimates.sort()
    return ConfidenceInterval(
      lower: Statistics.percentile((1 - level) / 2, ofSorted: estimates),
      upper: Statistics.percentile((1 + level) / 2, ofSorted: estimates),
      level: level
    )
  }
}
