extension Duration {
  /// The shortest exact text ``DurationParser`` reads back, like `10ms` or `1.5ms`.
  ///
  /// Picks the largest unit that keeps at most three decimals; `0` for zero.
  public var parseableDescription: String {
    let total = Int64(nanoseconds.rounded())
    guard total != 0 else { return "0" }
    for (suffix, unit) in [("s", Int64(1_000_000_000)), ("ms", 1_000_000), ("us", 1_000)] {
      if total % (unit / 1_000) == 0 && abs(total) >= unit {
        let whole = total / unit
        var fraction = String(abs(total % unit) / (unit / 1_000))
        guard fraction != "0" else { return "\(whole)\(suffix)" }
        fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
        return "\(whole).\(String(fraction.reversed().drop { $0 == "0" }.reversed()))\(suffix)"
      }
    }
    return "\(total)ns"
  }

  /// A rounded human reading, like `2 min 05 s`, `12.3 s`, `850 ms` or `4.2 µs`.
  public var humanDescription: String {
    let ns = nanoseconds
    switch abs(ns) {
    case 120e9...:
      let seconds = Int((ns / 1e9).rounded())
      return "\(seconds / 60) min \(seconds % 60 < 10 ? "0" : "")\(seconds % 60) s"
    case 10e9...: return "\(Int((ns / 1e9).rounded())) s"
    case 1e9...: return "\(Self.oneDecimal(ns / 1e9)) s"
    case 10e6...: return "\(Int((ns / 1e6).rounded())) ms"
    case 1e6...: return "\(Self.oneDecimal(ns / 1e6)) ms"
    case 10e3...: return "\(Int((ns / 1e3).rounded())) µs"
    case 1e3...: return "\(Self.oneDecimal(ns / 1e3)) µs"
    default: return "\(Int(ns.rounded())) ns"
    }
  }

  private static func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(abs(tenths % 10))"
  }
}
