/// How a results table is laid out, read from its column names alone.
///
/// BenchKit writes two shapes (see ``RunResult/summaryTable(bootstrap:)`` and
/// ``RunResult/samplesTable()``); suites that count graded outcomes write a
/// third. Every shape ends with the environment columns, which never take
/// part in pairing rows.
public enum TableShape: Sendable, Equatable {
  /// `variant`, parameters, `metric`, statistics including `p50`,
  /// `p50_ci_low` and `p50_ci_high`, then the environment.
  case summary(parameters: [String])
  /// `variant`, parameters, `iteration`, `metric`, `value`, then the environment.
  case samples(parameters: [String])
  /// Rows of counted outcomes, one per variant, parameters and outcome:
  /// `variant`, `outcome`, `count` and `grade` (`forbidden`, `acceptable`,
  /// …). Every other column but `frequency` and the environment is a parameter.
  case outcomeCounts
  /// Anything else; not compared.
  case other

  /// The columns every summary table has besides `variant` and `metric`.
  public static let summaryStatistics = ["p50", "p50_ci_low", "p50_ci_high"]

  /// Reads the shape from a header.
  /// - Parameter columns: the column names, in order.
  public init(columns: [String]) {
    let variant = columns.firstIndex(of: "variant")
    let metric = columns.firstIndex(of: "metric")
    if let variant, let metric, variant < metric, Self.summaryStatistics.allSatisfy(columns.contains) {
      self = .summary(parameters: Array(columns[(variant + 1)..<metric]))
    } else if let variant, let iteration = columns.firstIndex(of: "iteration"), let metric, variant < iteration,
      iteration < metric, columns.contains("value")
    {
      self = .samples(parameters: Array(columns[(variant + 1)..<iteration]))
    } else if variant != nil, ["outcome", "count", "grade"].allSatisfy(columns.contains) {
      self = .outcomeCounts
    } else {
      self = .other
    }
  }

  /// Whether `column` describes the environment rather than the measurement:
  /// `env_*`, `comparable` and `partial`.
  /// - Parameter column: a column name.
  /// - Returns: `true` for environment columns.
  public static func isEnvironmentColumn(_ column: String) -> Bool {
    column.hasPrefix("env_") || column == "comparable" || column == "partial"
  }

  /// A short name for messages, like "a summary table".
  var name: String {
    switch self {
    case .summary: "a summary table"
    case .samples: "a samples table"
    case .outcomeCounts: "a table of outcome counts"
    case .other: "an unknown table"
    }
  }
}
