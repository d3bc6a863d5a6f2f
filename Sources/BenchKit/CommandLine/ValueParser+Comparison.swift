extension ValueParser {
  /// A percentage strictly between 0 % and 100 %, written with its sign, like `5%` or `2.5%`.
  ///
  /// Digits, at most one decimal point with digits on both sides, then `%`;
  /// nothing else (no spaces, signs, exponents or bare fractions).
  /// - Parameter text: the value.
  /// - Returns: the fraction, like `0.05` for `5%`.
  /// - Throws: ``InvalidValue`` "expected a percentage like 5% or 2.5%", or one naming the range.
  public static func percentage(_ text: String) throws(InvalidValue) -> Double {
    let syntax = InvalidValue("expected a percentage like 5% or 2.5%")
    guard text.hasSuffix("%") else { throw syntax }
    let number = text.dropLast()
    let parts = number.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let value = Double(number)
    else { throw syntax }
    guard value > 0 && value < 100 else {
      throw InvalidValue("expected a percentage greater than 0% and less than 100%")
    }
    return value / 100
  }

  /// How ``percentage(_:)`` would read a fraction back, like `5%` for `0.05`
  /// or `2.5%` for `0.025`, to tenths of a percent.
  /// - Parameter fraction: the fraction.
  /// - Returns: the percentage, with its sign.
  public static func percentageText(_ fraction: Double) -> String {
    let tenths = Int((fraction * 1_000).rounded())
    return tenths % 10 == 0 ? "\(tenths / 10)%" : "\(tenths / 10).\(tenths % 10)%"
  }

  /// A comma-separated list of column names, like `variant,latency_ms`.
  /// - Parameter text: the value.
  /// - Returns: the names, in order.
  /// - Throws: ``InvalidValue`` for an empty name.
  public static func columnList(_ text: String) throws(InvalidValue) -> [String] {
    let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard names.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }) else {
      throw InvalidValue("expected comma-separated column names, like variant,latency_ms")
    }
    return names
  }
}
