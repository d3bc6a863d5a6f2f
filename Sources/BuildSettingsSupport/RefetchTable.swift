/// The refetch checker's outcome table for one build of the scene under one
/// configuration, as the driver reports it: every outcome, none hidden, with
/// the checker's own grade, counted per round so that the spread of the
/// rounds shows the run's noise.
public struct RefetchTable: Sendable, Codable, Equatable {
  /// One outcome's row.
  public struct Row: Sendable, Codable, Equatable {
    /// The outcome, like `stale-flash`.
    public var outcome: String
    /// Trials whose primary outcome it was, per round.
    public var roundCounts: [Int]
    /// The checker's grade of it, like `forbidden`.
    public var grade: String

    /// Creates a row.
    /// - Parameters:
    ///   - outcome: the outcome's name.
    ///   - roundCounts: its trials, per round.
    ///   - grade: the checker's grade.
    public init(outcome: String, roundCounts: [Int], grade: String) {
      self.outcome = outcome
      self.roundCounts = roundCounts
      self.grade = grade
    }

    /// Trials whose primary outcome it was, in all rounds.
    public var count: Int { roundCounts.reduce(0, +) }
  }

  /// The scene's name in the checker's report.
  public var scene: String
  /// How the network reported cancellation, like `url-session`.
  public var cancellationStyle: String
  /// Taps per trial.
  public var taps: Int
  /// The seed of the first round; round `r` used `seed + r`.
  public var seed: UInt64
  /// Trials run per round.
  public var roundTrials: [Int]
  /// Every outcome in the checker's table order.
  public var outcomes: [Row]
  /// Forbidden outcomes and failed forbidden checks, as the checker counts them.
  public var violations: Int
  /// Trials whose taps' work did not finish within the checker's bound.
  public var notQuiescent: Int
  /// How long the trials took.
  public var elapsedSeconds: Double

  /// Creates a table.
  /// - Parameters:
  ///   - scene: the scene's name.
  ///   - cancellationStyle: how cancellation was reported.
  ///   - taps: taps per trial.
  ///   - seed: the first round's seed.
  ///   - roundTrials: trials run per round.
  ///   - outcomes: every outcome's row.
  ///   - violations: the checker's violations.
  ///   - notQuiescent: trials that did not settle.
  ///   - elapsedSeconds: the run's duration.
  public init(
    scene: String, cancellationStyle: String, taps: Int, seed: UInt64, roundTrials: [Int], outcomes: [Row],
    violations: Int, notQuiescent: Int, elapsedSeconds: Double
  ) {
    self.scene = scene
    self.cancellationStyle = cancellationStyle
    self.taps = taps
    self.seed = seed
    self.roundTrials = roundTrials
    self.outcomes = outcomes
    self.violations = violations
    self.notQuiescent = notQuiescent
    self.elapsedSeconds = elapsedSeconds
  }

  /// Trials run in all rounds.
  public var trials: Int { roundTrials.reduce(0, +) }
}
