/// How numbers are written into table cells.
public enum CellFormat {
  /// Exact, machine-readable: integral values without a decimal point
  /// (`1500`), others in Swift's shortest round-trip form (`0.25`), and an
  /// empty cell for `nan` or infinity.
  /// - Parameter value: the number.
  /// - Returns: the cell text.
  public static func number(_ value: Double) -> String {
    guard value.isFinite else { return "" }
    if value == value.rounded(), abs(value) < 9.0e15 {
      return String(Int64(value))
    }
    return value.description
  }

  /// Rounded to `digits` decimals, like `12.35`; empty for `nan`.
  /// - Parameters:
  ///   - value: the number.
  ///   - digits: decimals to keep, 0 to 9.
  /// - Returns: the cell text.
  public static func fixed(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "" }
    precondition((0...9).contains(digits), "digits must be in 0...9, got \(digits)")
    var scale: Int64 = 1
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int64((abs(value) * Double(scale)).rounded())
    let sign = value < 0 && scaled > 0 ? "-" : ""
    guard digits > 0 else { return "\(sign)\(scaled)" }
    let fraction = String(scaled % scale)
    return "\(sign)\(scaled / scale).\(String(repeating: "0", count: digits - fraction.count))\(fraction)"
  }

  /// A time given in nanoseconds, in a readable unit, like `12.3 ms`; empty for `nan`.
  /// - Parameter nanoseconds: the time in nanoseconds.
  /// - Returns: the cell text.
  public static func time(nanoseconds: Double) -> String {
    guard nanoseconds.isFinite else { return "" }
    let magnitude = abs(nanoseconds)
    switch magnitude {
    case 1e9...: return "\(fixed(nanoseconds / 1e9, digits: 2)) s"
    case 1e6...: return "\(fixed(nanoseconds / 1e6, digits: 2)) ms"
    case 1e3...: return "\(fixed(nanoseconds / 1e3, digits: 2)) µs"
    default: return "\(fixed(nanoseconds, digits: 0)) ns"
    }
  }

  /// A ratio like `1.98x`; empty for `nan`.
  /// - Parameter value: the ratio.
  /// - Returns: the cell text.
  public static func ratio(_ value: Double) -> String {
    value.isFinite ? "\(fixed(value, digits: 2))x" : ""
  }
}
