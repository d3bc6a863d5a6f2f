import BenchBasics
import Foundation

/// How long the mock network takes to answer one request.
///
/// Every draw comes from a ``SeededGenerator``, so a run with the same seed
/// asks for the same latencies in the same order on each route.
public enum LatencyModel: Sendable, Equatable, CustomStringConvertible {
  /// Always the same latency.
  case fixed(Duration)
  /// Uniformly distributed between `min` and `max`, both included.
  case uniform(min: Duration, max: Duration)
  /// Log-normal: `median` is the median latency, `spread` the standard
  /// deviation of its natural logarithm (0.25 is a realistic network).
  case logNormal(median: Duration, spread: Double)

  /// No latency: the mock answers as soon as it is asked.
  public static let zero = LatencyModel.fixed(.zero)

  /// Draws one latency.
  /// - Parameter generator: the seeded source of randomness.
  /// - Returns: a non-negative duration.
  public func draw(using generator: inout SeededGenerator) -> Duration {
    switch self {
    case .fixed(let latency):
      return max(latency, .zero)
    case .uniform(let low, let high):
      let unit = generator.nextUnitDouble()
      return max(low + (high - low) * unit, .zero)
    case .logNormal(let median, let spread):
      let factor = exp(spread * generator.nextStandardNormal())
      return max(median * factor, .zero)
    }
  }

  /// `fixed(10ms)`, `uniform(1ms…5ms)`, `logNormal(10ms, σ=0.25)`.
  public var description: String {
    switch self {
    case .fixed(let latency): "fixed(\(latency.compactDescription))"
    case .uniform(let low, let high): "uniform(\(low.compactDescription)…\(high.compactDescription))"
    case .logNormal(let median, let spread): "logNormal(\(median.compactDescription), σ=\(spread))"
    }
  }
}

extension Duration {
  /// `10ms`, `250us`, `1.5s`: short enough for a results column.
  package var compactDescription: String {
    let nanoseconds = seconds * 1e9
    if nanoseconds == 0 { return "0" }
    if nanoseconds < 1_000 { return "\(format(nanoseconds))ns" }
    if nanoseconds < 1_000_000 { return "\(format(nanoseconds / 1e3))us" }
    if nanoseconds < 1_000_000_000 { return "\(format(nanoseconds / 1e6))ms" }
    return "\(format(nanoseconds / 1e9))s"
  }

  private func format(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(format: "%.3g", value)
  }
}
