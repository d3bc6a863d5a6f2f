/// How systematic mode chooses its orderings.
public struct SystematicOptions: Sendable, Equatable {
  /// The seed of the random orderings (used above ``exhaustiveTapLimit``).
  public var seed: UInt64
  /// Up to this many taps, every ordering is enumerated; above it, seeded
  /// random orderings are explored. 3 by default.
  public var exhaustiveTapLimit: Int
  /// How many random orderings to explore above the limit.
  public var randomSchedules: Int
  /// A cap on the orderings of an exhaustive run; `nil` for none.
  public var maxSchedules: Int?
  /// Whether a response may be an injected failure (HTTP 500) as well as a success.
  public var injectFailures: Bool
  /// Whether the checker may also tap just before a presentation is shown (a
  /// tap queued on the main actor ahead of it); `true` by default. Without
  /// these taps every tap finds the scene settled, which checks the
  /// interactor alone: a view policy cannot be what saves it.
  public var tapsBeforePresentations: Bool
  /// How many trials of each outcome other than latest-only the report keeps.
  public var examplesPerOutcome: Int
  /// The wall-clock bound on the whole run; 60 seconds by default. It is
  /// checked before each schedule (one schedule is bounded on its own: each
  /// wait for the scene by 2 seconds, the final wait by the configuration's
  /// quiescence timeout), and a run that reaches it stops there, says so in
  /// its report (``RefetchReport/stoppedAtBudget``) and is not complete.
  public var budget: Duration

  /// Creates systematic options.
  public init(
    seed: UInt64 = 1,
    exhaustiveTapLimit: Int = 3,
    randomSchedules: Int = 2_000,
    maxSchedules: Int? = nil,
    injectFailures: Bool = true,
    tapsBeforePresentations: Bool = true,
    examplesPerOutcome: Int = 3,
    budget: Duration = .seconds(60)
  ) {
    self.seed = seed
    self.exhaustiveTapLimit = exhaustiveTapLimit
    self.randomSchedules = max(randomSchedules, 0)
    self.maxSchedules = maxSchedules
    self.injectFailures = injectFailures
    self.tapsBeforePresentations = tapsBeforePresentations
    self.examplesPerOutcome = max(examplesPerOutcome, 0)
    self.budget = budget
  }
}
