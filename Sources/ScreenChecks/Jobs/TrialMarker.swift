/// The priority a systematic trial's tasks carry, by which the enqueue hook
/// tells the trial's jobs from all other work in the process.
///
/// A task inherits its creator's priority, and a default actor's processing
/// job takes the priority of the task enqueued on it; so everything a trial's
/// code starts — unstructured tasks, child tasks, the actors they call — runs
/// at the priority the trial was started with. No standard ``TaskPriority``
/// has a marker's value (they are 9, 17, 21, 25 and 33), so no other work
/// carries one unless a trial started it.
///
/// Trials take the markers in turn, so that the leftovers of a finished trial
/// (a scene that hung until a test released it) are not counted as the jobs
/// of the trial that follows it; where there is one marker (Darwin), the
/// job capture's leftover rule alone tells them apart.
struct TrialMarker: Hashable, Sendable, CustomStringConvertible {
  /// The priority's raw value.
  let rawValue: UInt8

  /// Every marker, in the order trials take them.
  ///
  /// On Linux, the values strictly between `medium` (21) and
  /// `userInteractive` (33) that no standard priority has. On Darwin, a job
  /// the runtime schedules itself (a `Task.sleep`'s wake-up) is dispatched to
  /// the global queue of its priority's QoS class, and Dispatch has no queue
  /// for those values: there the one marker is 5, the maintenance QoS class,
  /// which Dispatch has a queue for and no standard priority uses.
  static let all: [TrialMarker] = {
    #if canImport(Darwin)
      [5].map(TrialMarker.init(rawValue:))
    #else
      [22, 23, 24, 26, 27, 28, 29, 30, 31, 32].map(TrialMarker.init(rawValue:))
    #endif
  }()

  /// One bit per marker value, for the hook's check.
  private static let mask: UInt64 = all.reduce(0) { $0 | (1 << UInt64($1.rawValue)) }

  /// Whether `rawValue` is a marker's priority: the whole cost the hook adds
  /// to a job that is not a trial's.
  static func isMarker(_ rawValue: UInt8) -> Bool {
    rawValue < 64 && (mask >> UInt64(rawValue)) & 1 == 1
  }

  /// The priority to start a trial's task with.
  var priority: TaskPriority { TaskPriority(rawValue: rawValue) }

  /// The marker the next trial takes.
  var next: TrialMarker {
    guard let index = Self.all.firstIndex(of: self) else {
      preconditionFailure("TrialMarker: \(rawValue) is not a marker")
    }
    return Self.all[(index + 1) % Self.all.count]
  }

  /// `marker 22`.
  var description: String { "marker \(rawValue)" }
}
