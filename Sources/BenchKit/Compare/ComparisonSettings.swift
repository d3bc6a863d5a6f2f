/// How `bench compare` pairs rows and judges changes.
public struct ComparisonSettings: Sendable, Equatable {
  /// The relative change that counts as improved or regressed, like `0.05` for 5 %.
  public var threshold: Double
  /// Columns left out of the pairing, like `variant` and `latency_ms` when
  /// two runs differ in a parameter on purpose.
  public var ignoredColumns: Set<String>
  /// Whether regressions in rows marked `comparable=false` fail the comparison.
  public var allowIncomparable: Bool
  /// How the intervals of changes are drawn.
  public var bootstrap: BootstrapConfiguration
  /// The share of each run's rows that must pair for the comparison to judge
  /// anything, like `0.5`; below it (and always when no row pairs) `bench
  /// compare` exits with ``BenchExitCode/tooFewRowsPaired``.
  public var minimumPairedShare: Double

  /// The default threshold: 5 %.
  public static let defaultThreshold = 0.05
  /// The default share of each run's rows that must pair: 50 %.
  public static let defaultMinimumPairedShare = 0.5

  /// Creates settings.
  /// - Parameters:
  ///   - threshold: the relative change that counts; 5 % by default.
  ///   - ignoredColumns: columns left out of the pairing; none by default.
  ///   - allowIncomparable: whether non-comparable regressions fail; `false` by default.
  ///   - bootstrap: how intervals are drawn; seed 0 by default.
  ///   - minimumPairedShare: the share of each run's rows that must pair; 50 % by default.
  public init(
    threshold: Double = ComparisonSettings.defaultThreshold,
    ignoredColumns: Set<String> = [],
    allowIncomparable: Bool = false,
    bootstrap: BootstrapConfiguration = BootstrapConfiguration(),
    minimumPairedShare: Double = ComparisonSettings.defaultMinimumPairedShare
  ) {
    self.threshold = threshold
    self.ignoredColumns = ignoredColumns
    self.allowIncomparable = allowIncomparable
    self.bootstrap = bootstrap
    self.minimumPairedShare = minimumPairedShare
  }
}
