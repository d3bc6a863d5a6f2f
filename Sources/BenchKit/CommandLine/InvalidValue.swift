/// Why an option's value was refused, as one clause.
///
/// The command line turns it into "The value 'abc' is invalid for
/// '--iterations <n>': expected a positive integer".
public struct InvalidValue: Error, Equatable, Sendable {
  /// What is wrong, like "expected a positive integer".
  public var reason: String

  /// Creates the error.
  /// - Parameter reason: what is wrong, one clause, no final period.
  public init(_ reason: String) {
    self.reason = reason
  }
}
