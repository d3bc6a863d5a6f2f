/// One named parameter of a benchmark variant, like `latency_ms = 20`.
///
/// Parameters become columns of the result tables, in declaration order.
public struct BenchmarkParameter: Sendable, Equatable, Hashable {
  /// The column name, like `latency_ms`.
  public var name: String
  /// The value as written in the tables, like `20`.
  public var value: String

  /// Creates a parameter.
  /// - Parameters:
  ///   - name: the column name.
  ///   - value: the value as written in the tables.
  public init(_ name: String, _ value: String) {
    self.name = name
    self.value = value
  }
}
