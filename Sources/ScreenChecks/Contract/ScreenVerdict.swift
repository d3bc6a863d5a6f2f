/// The grading of one trial: its primary outcome and every outcome that applied.
public struct ScreenVerdict: Sendable, Equatable, CustomStringConvertible {
  /// The outcome that counts, by ``ScreenOutcome/precedence``.
  public var outcome: ScreenOutcome
  /// Every outcome that applied; contains ``outcome``.
  public var observed: Set<ScreenOutcome>
  /// When an older action's results were first blamed as stale (or as
  /// refilling a cleared query): whose results, and which newer action the
  /// screen's code had seen by then. `nil` when nothing was stale.
  public var window: String?

  /// Creates a verdict from the outcomes that applied.
  /// - Parameter observed: the outcomes that applied; ``ScreenOutcome/latestOnly`` when empty.
  public init(observed: Set<ScreenOutcome>) {
    let applied = observed.isEmpty ? [.latestOnly] : observed
    self.observed = applied
    self.outcome = ScreenOutcome.precedence.first { applied.contains($0) } ?? .latestOnly
  }

  /// Two verdicts are equal when the same outcomes applied; the
  /// ``window`` only describes when.
  public static func == (lhs: ScreenVerdict, rhs: ScreenVerdict) -> Bool {
    lhs.outcome == rhs.outcome && lhs.observed == rhs.observed
  }

  /// `stale-final (also stale-flash, lost)`.
  public var description: String {
    let others = observed.subtracting([outcome]).sorted()
    guard !others.isEmpty else { return outcome.description }
    return "\(outcome) (also \(others.map(\.description).joined(separator: ", ")))"
  }
}
