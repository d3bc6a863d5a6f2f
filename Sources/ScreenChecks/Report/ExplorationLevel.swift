import BenchBasics
import Foundation

/// What a systematic run found one level deeper than its first: the
/// orderings that make exactly ``preemptions`` job-level choices (an action
/// between two jobs, a job other than the oldest), explored after every
/// ordering of the first level, while the run's budget lasted.
public struct ExplorationLevel: Sendable, Equatable {
  /// The level: how many job-level choices each of its orderings makes.
  public var preemptions: Int
  /// The orderings of this level explored (those of the levels above it,
  /// met again on the way, are not counted).
  public var orderings = 0
  /// The trials of this level by primary outcome.
  public var counts: [ScreenOutcome: Int] = [:]
  /// The trials of this level whose outcome is forbidden.
  public var forbidden = 0
  /// How long the run (its trials' own time, every level before this one
  /// included) ran before this level's first forbidden outcome, if any.
  public var timeToFirstFinding: Duration?
  /// How many of the level's orderings had run when its first forbidden
  /// outcome came, that one included.
  public var orderingsToFirstFinding: Int?
  /// The first forbidden trial's schedule, if any.
  public var firstFinding: ScreenSchedule?
  /// The first forbidden trial's outcome, if any.
  public var firstFindingOutcome: ScreenOutcome?
  /// Whether every ordering of the level was explored.
  public var complete = false
  /// Why the level stopped before its end, when it did.
  public var stoppedBecause: String?
  /// How long the level ran.
  public var elapsed: Duration = .zero

  /// Creates an empty level.
  public init(preemptions: Int) {
    self.preemptions = preemptions
  }

  /// `1 preemption: 799 orderings (every one), nothing forbidden`.
  public var summary: String {
    let noun = preemptions == 1 ? "preemption" : "preemptions"
    let extent = complete ? "every one" : "stopped at \(stoppedBecause ?? "its bound"); more remain"
    let time = String(format: "%.2f s", elapsed.seconds)
    var line = "\(preemptions) \(noun): \(orderings) orderings in \(time) (\(extent)), "
    if let firstFinding, let outcome = firstFindingOutcome, let found = timeToFirstFinding {
      let ordering = orderingsToFirstFinding.map { "at ordering \($0), " } ?? ""
      line +=
        "forbidden \(forbidden), the first \(ordering)\(String(format: "%.2f s", found.seconds)) into the run: "
        + "replay \(outcome): \(firstFinding)"
    } else {
      line += "nothing forbidden"
    }
    return line
  }
}
