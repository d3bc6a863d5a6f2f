/// Why an interleaved run failed.
public enum RunnerError: Error, CustomStringConvertible {
  /// A variant's body threw (other than a cancellation caused by an interrupt).
  case bodyFailed(variant: String, error: any Error)
  /// A body returned a different number of values than the variant declares metrics.
  case wrongMetricCount(variant: String, expected: Int, returned: Int)

  /// A one-line description.
  public var description: String {
    switch self {
    case .bodyFailed(let variant, let error):
      "variant '\(variant)' failed: \(error)"
    case .wrongMetricCount(let variant, let expected, let returned):
      "variant '\(variant)' returned \(returned) values for \(expected) metrics"
    }
  }
}
