/// Why a duration written on the command line could not be read.
///
/// The ``reason`` is one clause that completes a sentence such as
/// "The value '-5ms' is invalid for '--max-time <duration>': …".
public enum DurationParseError: Error, Equatable, Sendable {
  /// The text was empty.
  case empty
  /// The text started with a minus sign.
  case negative
  /// A non-zero number had no unit, like `10`.
  case missingUnit
  /// The unit is not one of `ns`, `us`, `µs`, `ms`, `s`.
  case unknownUnit(String)
  /// The text is not a number followed by a unit.
  case malformed
  /// The value has digits below one nanosecond, like `1.5ns`.
  case finerThanNanosecond
  /// The value does not fit in 2^63 - 1 nanoseconds (about 292 years).
  case tooLarge

  /// One clause saying what is wrong, without repeating the input.
  public var reason: String {
    switch self {
    case .empty, .malformed:
      "expected a number and a unit, like 500us, 10ms or 2s"
    case .negative:
      "durations cannot be negative"
    case .missingUnit:
      "a non-zero duration needs a unit (ns, us, µs, ms or s)"
    case .unknownUnit(let unit):
      "unknown unit '\(unit)'; use ns, us, µs, ms or s"
    case .finerThanNanosecond:
      "durations are counted in whole nanoseconds"
    case .tooLarge:
      "the duration is too large"
    }
  }
}
