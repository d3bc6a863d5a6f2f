/// Reads durations written with a unit, like `500us`, `10ms`, `1.5ms` or `2s`.
///
/// Grammar: digits, optionally a `.` and more digits, then a unit: `ns`, `us`,
/// `µs`, `ms` or `s`. A bare `0` is allowed; any other number needs a unit.
/// No sign, no spaces, no exponent. The value must be a whole number of
/// nanoseconds and fit in `Int64` nanoseconds.
public enum DurationParser {
  /// The units accepted, with their length in nanoseconds.
  static let units: [(suffix: String, nanoseconds: Int64)] = [
    ("ns", 1), ("us", 1_000), ("µs", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000),
  ]

  /// Parses one duration.
  /// - Parameter text: the text, like `10ms`.
  /// - Returns: the duration.
  /// - Throws: ``DurationParseError`` saying precisely what is wrong.
  public static func parse(_ text: String) throws(DurationParseError) -> Duration {
    guard !text.isEmpty else { throw .empty }
    guard !text.hasPrefix("-") else { throw .negative }
    let number = text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
    let unit = String(text.dropFirst(number.count))
    let parts = number.split(separator: ".", omittingEmptySubsequences: false)
    guard let integerPart = parts.first, !integerPart.isEmpty, parts.count <= 2 else { throw .malformed }
    let fractionPart = parts.count == 2 ? parts[1] : ""
    if parts.count == 2 && fractionPart.isEmpty { throw .malformed }

    let isZero = number.allSatisfy { $0 == "0" || $0 == "." }
    let unitNanoseconds: Int64
    if unit.isEmpty {
      guard isZero else { throw .missingUnit }
      unitNanoseconds = 1
    } else if let match = units.first(where: { $0.suffix == unit }) {
      unitNanoseconds = match.nanoseconds
    } else if unit.allSatisfy(\.isLetter) {
      throw .unknownUnit(unit)
    } else {
      throw .malformed
    }

    let trimmedFraction = fractionPart.reversed().drop { $0 == "0" }.reversed()
    guard trimmedFraction.count <= 9 else { throw .finerThanNanosecond }
    var scale: Int64 = 1
    for _ in trimmedFraction { scale *= 10 }
    let fraction = Int64(String(trimmedFraction)) ?? 0
    let fractionNanoseconds = fraction * unitNanoseconds
    guard fractionNanoseconds % scale == 0 else { throw .finerThanNanosecond }

    let digits = integerPart.drop { $0 == "0" }
    guard digits.count <= 19, let whole = Int64(digits.isEmpty ? "0" : String(digits)) else { throw .tooLarge }
    let (scaled, overflow) = whole.multipliedReportingOverflow(by: unitNanoseconds)
    guard !overflow else { throw .tooLarge }
    let (total, overflowSum) = scaled.addingReportingOverflow(fractionNanoseconds / scale)
    guard !overflowSum else { throw .tooLarge }
    return .nanoseconds(total)
  }

  /// Parses a comma-separated list of durations, like `1ms,10ms,100ms`.
  /// - Parameter text: the list; empty items are malformed.
  /// - Returns: the durations, in the order written.
  /// - Throws: ``DurationParseError`` for the first item that cannot be read.
  public static func parseList(_ text: String) throws(DurationParseError) -> [Duration] {
    var result: [Duration] = []
    for item in text.split(separator: ",", omittingEmptySubsequences: false) {
      guard !item.isEmpty else { throw .malformed }
      result.append(try parse(String(item)))
    }
    return result
  }
}
