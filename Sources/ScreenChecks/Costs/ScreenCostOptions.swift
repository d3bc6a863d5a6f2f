/// How a cost run measures a described screen
/// (``ScreenDescription/measureCosts(_:)``).
public struct ScreenCostOptions: Sendable, Equatable {
  /// The items each answer carries, one measurement series per size:
  /// ``AnswerContent/payloadSize``. 10, 1,000 and 10,000 by default:
  /// decoding 1,000 small items takes about 1.5 ms in a release build on a
  /// 2-core Linux machine, not far above what the heartbeat sees (half a
  /// millisecond of main-actor work at a time).
  public var payloadSizes: [Int]
  /// How many times each action is measured at each size, each time on a
  /// fresh model; 7 by default.
  public var repetitions: Int
  /// How long the screen must stay unchanged, once its calls have ended and
  /// it shows no loading, before the action's result is taken as the last
  /// change seen; 15 ms by default. It adds to the run's length, not to the
  /// figures: time to result ends at the last change.
  public var quietPeriod: Duration
  /// The longest an action may take to show its result before the run
  /// stops with an error naming it; 10 s by default.
  public var bound: Duration

  /// Creates options.
  public init(
    payloadSizes: [Int] = [10, 1_000, 10_000], repetitions: Int = 7, quietPeriod: Duration = .milliseconds(15),
    bound: Duration = .seconds(10)
  ) {
    self.payloadSizes = payloadSizes
    self.repetitions = repetitions
    self.quietPeriod = quietPeriod
    self.bound = bound
  }

  /// The first thing wrong with the options, or `nil`.
  var problem: String? {
    if payloadSizes.isEmpty { return "a cost run needs at least one payload size" }
    if let size = payloadSizes.first(where: { $0 < 0 }) { return "a payload size must not be negative, got \(size)" }
    if repetitions < 1 { return "a cost run needs at least one repetition, got \(repetitions)" }
    if quietPeriod <= .zero || bound <= quietPeriod { return "the bound must exceed a positive quiet period" }
    return nil
  }
}
