import BenchBasics

/// Where the work that grows with the payload ran (decoding, formatting,
/// mapping): measured by which threads' CPU time grew between the smallest
/// and the largest payload, never read off the source.
public enum WorkPlacement: String, Sendable, Equatable, CaseIterable {
  /// Two thirds of it or more on the main thread: the main actor's.
  case mainActor = "main-actor"
  /// A third of it or less on the main thread.
  case offMain = "off-main"
  /// Between the two.
  case split
  /// Too little grew with the payload to say (under 1 ms), or one size only.
  case none

  /// The placement of work that grew by `main` on the main thread and `offMain` elsewhere.
  static func of(main: Duration, offMain: Duration) -> WorkPlacement {
    let main = max(main, .zero)
    let offMain = max(offMain, .zero)
    let total = main + offMain
    guard total >= .milliseconds(1) else { return .none }
    let share = main / total
    if share >= 2.0 / 3.0 { return .mainActor }
    if share <= 1.0 / 3.0 { return .offMain }
    return .split
  }
}

/// One figure of a cost run: the median of its repetitions and the middle
/// 80 % of them (10th to 90th percentile).
public struct CostFigure: Sendable, Equatable, CustomStringConvertible {
  /// The median of the repetitions.
  public var median: Double
  /// The 10th percentile.
  public var low: Double
  /// The 90th percentile.
  public var high: Double

  init(_ values: [Double]) {
    let sorted = values.sorted()
    median = sorted.isEmpty ? 0 : Statistics.percentile(0.5, ofSorted: sorted)
    low = sorted.isEmpty ? 0 : Statistics.percentile(0.1, ofSorted: sorted)
    high = sorted.isEmpty ? 0 : Statistics.percentile(0.9, ofSorted: sorted)
  }

  /// `value` rounded to `places` decimals, written out in full: `-0.500`.
  static func decimal(_ value: Double, places: Int) -> String {
    var scale = 1
    for _ in 0..<places { scale *= 10 }
    let units = Int((value * Double(scale)).rounded())
    let fraction = String(abs(units) % scale)
    return
      "\(units < 0 ? "-" : "")\(abs(units) / scale).\(String(repeating: "0", count: places - fraction.count))\(fraction)"
  }

  /// `1.25 [1.10–1.40]`.
  public var description: String {
    "\(Self.decimal(median, places: 2)) [\(Self.decimal(low, places: 2))–\(Self.decimal(high, places: 2))]"
  }

}

/// What one action cost the screen at one payload size.
public struct ActionCost: Sendable, Equatable {
  /// The action (`type`, `next-page`, …), or `floor`: an action that does
  /// nothing, measured the same way: what measuring itself costs.
  public var action: String
  /// The items each answer carried.
  public var payloadSize: Int
  /// Repetitions measured.
  public var repetitions: Int
  /// Milliseconds from the action to its result on screen (the last change it made).
  public var timeToResult: CostFigure
  /// Milliseconds of the main thread's CPU time while the action's work
  /// ran, the checker's own reads and the answers' building left out.
  public var mainBusy: CostFigure
  /// Milliseconds of the longest stretch the main thread was busy without a break.
  public var longestStretch: CostFigure
  /// Frames a 60 Hz display missed while it worked.
  public var missedFrames60: CostFigure
  /// Frames a 120 Hz display missed.
  public var missedFrames120: CostFigure
  /// Milliseconds of CPU time the action's work used off the main thread.
  public var offMainCPU: CostFigure
  /// Calls made per repetition (median).
  public var calls: Int
  /// The bytes of the answers that were bytes (`Data`), per repetition (median).
  public var bytes: Int
}

/// A described screen's cost run: each action at each payload size, beside
/// the same run's floor, and where each action's payload work ran.
public struct ScreenCostReport: Sendable, Equatable {
  /// The screen's name.
  public var screen: String
  /// The floor first, then each action measured, each at every size.
  public var costs: [ActionCost]
  /// Where each action's work that grows with the payload ran, by action name.
  public var placements: [String: WorkPlacement]
  /// Actions the screen did not offer when their turn came, and why nothing was measured for them.
  public var notes: [String]
  /// Whether the figures come from a build without optimisation or with a sanitizer.
  public var isDebugBuild: Bool

  /// A figure to the microsecond (a thousandth of its milliseconds).
  static func cell(_ value: Double) -> String {
    CostFigure.decimal(value, places: 3)
  }

  /// The costs as tab-separated lines, one per action and size: screen,
  /// action, size, repetitions, then each figure's median, low and high.
  public var tabSeparatedLines: [String] {
    costs.map { cost in
      let figures = [
        cost.timeToResult, cost.mainBusy, cost.longestStretch, cost.missedFrames60, cost.missedFrames120,
        cost.offMainCPU,
      ]
      return
        ([screen, cost.action, String(cost.payloadSize), String(cost.repetitions)]
        + figures.flatMap { [$0.median, $0.low, $0.high].map(Self.cell) }
        + [String(cost.calls), String(cost.bytes), placements[cost.action]?.rawValue ?? WorkPlacement.none.rawValue])
        .joined(separator: "\t")
    }
  }
}
