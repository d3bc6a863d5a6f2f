// The names of the previous release, kept for one release so that code
// written against them builds, with a warning naming the new one.

/// ``ScreenReport``, by its name of the previous release.
@available(*, deprecated, renamed: "ScreenReport")
public typealias RefetchReport = ScreenReport

/// ``ScreenOutcome``, by its name of the previous release.
@available(*, deprecated, renamed: "ScreenOutcome")
public typealias RefetchOutcome = ScreenOutcome

/// ``CheckConfiguration``, by its name of the previous release.
@available(*, deprecated, renamed: "CheckConfiguration")
public typealias RefetchCheckConfiguration = CheckConfiguration

/// ``ScreenExpectation``, by its name of the previous release.
@available(*, deprecated, renamed: "ScreenExpectation")
public typealias RefetchExpectation = ScreenExpectation

/// ``ScreenMetrics``, by its name of the previous release.
@available(*, deprecated, renamed: "ScreenMetrics")
public typealias RefetchMetrics = ScreenMetrics

/// ``ScreenSchedule``, by its name of the previous release.
@available(*, deprecated, renamed: "ScreenSchedule")
public typealias RefetchSchedule = ScreenSchedule

/// ``ScreenTrialResult``, by its name of the previous release.
@available(*, deprecated, renamed: "ScreenTrialResult")
public typealias RefetchTrialResult = ScreenTrialResult

/// ``ScreenVerdict``, by its name of the previous release.
@available(*, deprecated, renamed: "ScreenVerdict")
public typealias RefetchVerdict = ScreenVerdict

extension CheckConfiguration {
  /// Actions per trial, by their name of the previous release.
  @available(*, deprecated, renamed: "actions")
  public var taps: Int {
    get { actions }
    set { actions = newValue }
  }

  /// The range of actions a trial can make, by its name of the previous release.
  @available(*, deprecated, renamed: "actionRange")
  public static var tapRange: ClosedRange<Int> { actionRange }

  /// Creates a configuration from the previous release's labels.
  @available(*, deprecated, renamed: "init(actions:cancellationStyle:lateResponses:expectation:quiescenceTimeout:)")
  public init(
    taps: Int,
    cancellationStyle: CancellationStyle = .cancellationError,
    lateResponses: Bool = false,
    expectation: ScreenExpectation? = nil,
    quiescenceTimeout: Duration = .seconds(2)
  ) {
    self.init(
      actions: taps, cancellationStyle: cancellationStyle, lateResponses: lateResponses, expectation: expectation,
      quiescenceTimeout: quiescenceTimeout)
  }
}

extension SystematicOptions {
  /// The exhaustive limit, by its name of the previous release.
  @available(*, deprecated, renamed: "exhaustiveActionLimit")
  public var exhaustiveTapLimit: Int {
    get { exhaustiveActionLimit }
    set { exhaustiveActionLimit = newValue }
  }

  /// Whether actions may come just before a presentation, by its name of the previous release.
  @available(*, deprecated, renamed: "actionsBeforePresentations")
  public var tapsBeforePresentations: Bool {
    get { actionsBeforePresentations }
    set { actionsBeforePresentations = newValue }
  }
}

extension StressOptions {
  /// The longest pause between two actions, by its name of the previous release.
  @available(*, deprecated, renamed: "maxActionGap")
  public var maxTapGap: Duration {
    get { maxActionGap }
    set { maxActionGap = newValue }
  }
}

extension SystematicOptions {
  /// Creates systematic options from the previous release's labels.
  @available(*, deprecated, message: "use exhaustiveActionLimit: and actionsBeforePresentations:")
  public init(
    seed: UInt64 = 1, exhaustiveTapLimit: Int, randomSchedules: Int = 2_000, maxSchedules: Int? = nil,
    injectFailures: Bool = true, tapsBeforePresentations: Bool = true, examplesPerOutcome: Int = 3,
    budget: Duration = .seconds(60), settle: SettleStrategy = .counting, preemptions: Int = 0, deepenTo: Int? = nil,
    deeperOrderings: Int = 2_000
  ) {
    self.init(
      seed: seed, exhaustiveActionLimit: exhaustiveTapLimit, randomSchedules: randomSchedules,
      maxSchedules: maxSchedules, injectFailures: injectFailures, actionsBeforePresentations: tapsBeforePresentations,
      examplesPerOutcome: examplesPerOutcome, budget: budget, settle: settle, preemptions: preemptions,
      deepenTo: deepenTo, deeperOrderings: deeperOrderings)
  }

  /// Creates systematic options from the previous release's label.
  @available(*, deprecated, message: "use actionsBeforePresentations:")
  public init(
    seed: UInt64 = 1, randomSchedules: Int = 2_000, maxSchedules: Int? = nil, injectFailures: Bool = true,
    tapsBeforePresentations: Bool, examplesPerOutcome: Int = 3, budget: Duration = .seconds(60),
    settle: SettleStrategy = .counting, preemptions: Int = 0, deepenTo: Int? = nil,
    deeperOrderings: Int = 2_000
  ) {
    self.init(
      seed: seed, randomSchedules: randomSchedules, maxSchedules: maxSchedules,
      injectFailures: injectFailures, actionsBeforePresentations: tapsBeforePresentations,
      examplesPerOutcome: examplesPerOutcome, budget: budget, settle: settle, preemptions: preemptions,
      deepenTo: deepenTo, deeperOrderings: deeperOrderings)
  }
}

extension StressOptions {
  /// Creates stress options from the previous release's label.
  @available(
    *, deprecated,
    renamed:
      "init(trials:seed:concurrency:latency:maxActionGap:failureProbability:examplesPerOutcome:deriveReplays:findingsLookedUp:)"
  )
  public init(
    trials: Int = 1_000, seed: UInt64 = 1, concurrency: Int = 32,
    latency: LatencyModel = .uniform(min: .microseconds(50), max: .microseconds(400)), maxTapGap: Duration,
    failureProbability: Double = 0.05, examplesPerOutcome: Int = 3, deriveReplays: Bool = true,
    findingsLookedUp: Int = 200
  ) {
    self.init(
      trials: trials, seed: seed, concurrency: concurrency, latency: latency, maxActionGap: maxTapGap,
      failureProbability: failureProbability, examplesPerOutcome: examplesPerOutcome, deriveReplays: deriveReplays,
      findingsLookedUp: findingsLookedUp)
  }
}
