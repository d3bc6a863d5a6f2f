import Foundation

/// Where a systematic run's time went: the screen's snapshot closure, its
/// endpoints' answer closures, the screen's own work (its jobs, its
/// main-actor turns and its actions, snapshots aside), and the checker's
/// own; with the slowest single step, so that a run that spent its budget
/// says on what.
public struct TimeAccount: Sendable, Equatable {
  /// One step that took long: what it was, how long, and after which
  /// steps of its trial's schedule.
  public struct Step: Sendable, Equatable {
    /// What ran: "the snapshot closure", "the answer closure of u1", "a job of the screen's", …
    public var what: String
    /// How long it took.
    public var duration: Duration
    /// The schedule's steps before it (`ScreenSchedule` notation), empty
    /// at the start; `nil` where the step names its place itself (an answer's call).
    public var after: String?
  }

  /// Time in the screen's snapshot closure.
  public var snapshots: Duration = .zero
  /// Time in the endpoints' answer closures.
  public var answers: Duration = .zero
  /// Time in the screen's jobs, main-actor turns and actions, less the
  /// snapshots taken during them (counted in ``snapshots``). A turn of the
  /// main actor runs whatever main-actor work the process has: beside
  /// other tests, some of it may not be the screen's.
  public var screenWork: Duration = .zero
  /// The trials' whole time.
  public var total: Duration = .zero
  /// The slowest single step of the run, if any was timed.
  public var slowest: Step?

  /// The time that was neither the screen's nor its closures': the checker's own.
  public var checker: Duration { max(total - snapshots - answers - screenWork, .zero) }

  /// An empty account.
  public init() {}

  /// Notes a step that took `duration`, keeping the slowest.
  /// - Parameter after: where it ran, read only when the step is the slowest yet.
  package mutating func note(_ what: String, _ duration: Duration, after: @autoclosure () -> String?) {
    if duration > slowest?.duration ?? .zero { slowest = Step(what: what, duration: duration, after: after()) }
  }

  /// Adds another trial's account to this one.
  package mutating func add(_ other: TimeAccount) {
    snapshots += other.snapshots
    answers += other.answers
    screenWork += other.screenWork
    total += other.total
    if let step = other.slowest, step.duration > slowest?.duration ?? .zero { slowest = step }
  }

  /// One line: the parts, largest first, and the slowest step.
  public var summary: String {
    let parts: [(String, Duration)] = [
      ("the screen's work", screenWork), ("the snapshot closure", snapshots), ("answer closures", answers),
      ("the checker", checker),
    ]
    var line =
      "time went to: "
      + parts.sorted { $0.1 > $1.1 }.map { "\($0.0) \(Self.format($0.1))" }.joined(separator: ", ")
    if let slowest {
      let place = slowest.after.map { $0.isEmpty ? " (at the start)" : " (after \($0))" } ?? ""
      line += "; slowest step: \(slowest.what), \(Self.format(slowest.duration))\(place)"
    }
    return line
  }

  private static func format(_ duration: Duration) -> String {
    duration.seconds >= 1
      ? String(format: "%.1f s", duration.seconds) : String(format: "%.1f ms", duration.seconds * 1_000)
  }
}
