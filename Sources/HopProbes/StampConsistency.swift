import BenchKit

/// The check that a one-way figure never exceeds the round trip it is part
/// of: per iteration, then by median, for every variant that has both.
///
/// A one-way stamp is taken inside the round trip it belongs to, on the same
/// monotonic clock, so a violation means a broken stamp (a stale slot, a
/// clock that went backwards), never a slow machine.
public struct StampConsistency: Sendable, Equatable {
  /// The metric pairs checked: the part first, the whole second.
  public static let pairs = [
    ("one_way_ns", "round_trip_ns"),
    ("slowest_one_way_ns", "all_presented_ns"),
  ]

  /// How many variants had a pair to check.
  public var checkedVariants: Int
  /// How many iterations were compared, over all variants.
  public var checkedIterations: Int
  /// One line per variant that broke the rule, saying how.
  public var violations: [String]

  /// Checks every variant of a run.
  /// - Parameter run: the run.
  public init(run: RunResult) {
    checkedVariants = 0
    checkedIterations = 0
    violations = []
    for variant in run.variants {
      for (partName, wholeName) in Self.pairs {
        guard let part = variant.samples(of: partName)?.values, let whole = variant.samples(of: wholeName)?.values
        else { continue }
        checkedVariants += 1
        checkedIterations += min(part.count, whole.count)
        let broken = zip(part, whole).filter { !($0 <= $1) }.count
        if broken > 0 {
          violations.append(
            "\(variant.name): \(partName) > \(wholeName) in \(broken) of \(min(part.count, whole.count)) iterations")
        }
        if !part.isEmpty, !whole.isEmpty, Self.median(part) > Self.median(whole) {
          violations.append("\(variant.name): median \(partName) exceeds median \(wholeName)")
        }
      }
    }
  }

  /// Whether no variant broke the rule.
  public var isConsistent: Bool { violations.isEmpty }

  /// One line for the report, like "one-way ≤ round trip: 24,000 iterations of 12 variants, all consistent".
  public var summaryLine: String {
    let scope = "\(checkedIterations) iterations of \(checkedVariants) variants"
    return isConsistent
      ? "Check one-way <= round trip (per iteration and by median): \(scope), all consistent."
      : "Check one-way <= round trip: \(scope), \(violations.count) VIOLATIONS."
  }

  private static func median(_ values: [Double]) -> Double {
    Statistics.percentile(0.5, ofSorted: values.sorted())
  }
}
