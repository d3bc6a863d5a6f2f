import Foundation

/// The probes a scene built per setting calls at each stage, and the log they write.
///
/// A probe is a synchronous, nonisolated function: it runs on whatever
/// executor its caller runs on, so it sees the stage's own placement. The
/// caller passes its isolation, bound to a local first (`let isolation =
/// #isolation`): written inline inside a `nonisolated(nonsending)` method,
/// `#isolation` crashed Swift 6.3.1.
///
/// ```swift
/// let isolation = #isolation
/// let user = try StageProbe.measure(.decoding, isolation: isolation) {
///   try decoder.decode(User.self, from: data)
/// }
/// ```
public enum StageProbe {
  /// The process-wide log every probe writes to.
  public static let log = StageLog()

  /// Records that `stage` runs now, here, as an instant.
  /// - Parameters:
  ///   - stage: the stage.
  ///   - isolation: the caller's `#isolation`, bound to a local first.
  ///   - log: where to write; the process-wide ``log`` by default.
  public static func record(_ stage: Stage, isolation: (any Actor)?, to log: StageLog = StageProbe.log) {
    let placement = Placement.classify(onMainQueue: MainQueueMarker.isOnMainQueue, isolation: isolation)
    let now = log.now()
    log.append(StageRecord(stage: stage, placement: placement, startNanoseconds: now, endNanoseconds: now))
  }

  /// Runs `body` as `stage` and records where it ran and how long it took.
  /// - Parameters:
  ///   - stage: the stage.
  ///   - isolation: the caller's `#isolation`, bound to a local first.
  ///   - log: where to write; the process-wide ``log`` by default.
  ///   - body: the stage's work.
  /// - Returns: what `body` returns.
  /// - Throws: what `body` throws; the stage is recorded either way.
  public static func measure<Value>(
    _ stage: Stage, isolation: (any Actor)?, to log: StageLog = StageProbe.log, _ body: () throws -> Value
  ) rethrows -> Value {
    let placement = Placement.classify(onMainQueue: MainQueueMarker.isOnMainQueue, isolation: isolation)
    let start = log.now()
    defer {
      log.append(StageRecord(stage: stage, placement: placement, startNanoseconds: start, endNanoseconds: log.now()))
    }
    return try body()
  }
}

/// The records probes wrote, in order, behind a lock.
public final class StageLog {
  private let lock = NSLock()
  private var records: [StageRecord] = []
  private var observer: (@Sendable (StageRecord) -> Void)?
  private let origin = ContinuousClock.now

  /// Creates an empty log.
  public init() {}

  /// Nanoseconds since the log was created.
  /// - Returns: the elapsed time.
  public func now() -> Int64 {
    let elapsed = origin.duration(to: .now).components
    return elapsed.seconds * 1_000_000_000 + elapsed.attoseconds / 1_000_000_000
  }

  /// Adds a record, then hands it to the observer, if one is set.
  /// - Parameter record: what a probe saw.
  public func append(_ record: StageRecord) {
    let observer = lock.withLock {
      records.append(record)
      return self.observer
    }
    observer?(record)
  }

  /// Sets (or, with `nil`, removes) the function every appended record is
  /// handed to, so that a caller can wait for a stage without polling.
  /// - Parameter observer: called after each append, outside the lock, on the
  ///   appending thread.
  public func observe(_ observer: (@Sendable (StageRecord) -> Void)?) {
    lock.withLock { self.observer = observer }
  }

  /// Returns the records so far and empties the log.
  /// - Returns: the records, in the order they were appended.
  public func drain() -> [StageRecord] {
    lock.withLock {
      defer { records.removeAll() }
      return records
    }
  }
}

// Safety: `records` and `observer` are read and written only while `lock` is held; `origin` is immutable.
extension StageLog: @unchecked Sendable {}
