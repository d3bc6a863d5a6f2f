import Foundation

/// Exercises ``RacyProfileCache`` from several threads at once, so that a
/// ThreadSanitizer build reports its data race.
///
/// Every thread stores and looks up the same few users with no
/// synchronisation between threads. ThreadSanitizer reports the first
/// conflicting pair of accesses; without it, the run finishes and reports how
/// many lookups the unsynchronised counter lost.
public enum RaceCanary {
  /// What one run of the canary did.
  public struct Report: Sendable, Equatable, CustomStringConvertible {
    /// Threads that used the cache at once.
    public var threads: Int
    /// Store-and-lookup rounds per thread.
    public var iterationsPerThread: Int
    /// Lookups made: threads × iterations.
    public var lookupsMade: Int
    /// Lookups the racy counter recorded; fewer than made when updates were lost.
    public var lookupsCounted: Int

    /// Creates a report.
    public init(threads: Int, iterationsPerThread: Int, lookupsMade: Int, lookupsCounted: Int) {
      self.threads = threads
      self.iterationsPerThread = iterationsPerThread
      self.lookupsMade = lookupsMade
      self.lookupsCounted = lookupsCounted
    }

    /// One paragraph saying what ran and what the counter lost.
    public var description: String {
      let lost = lookupsMade - lookupsCounted
      return """
        race canary: \(threads) threads × \(iterationsPerThread) rounds on one RacyProfileCache \
        (an unsynchronised @unchecked Sendable class). Lookups made \(lookupsMade), counted \
        \(lookupsCounted), lost to the race \(lost). Under ThreadSanitizer this run must be \
        reported as a data race.
        """
    }
  }

  /// Runs the canary.
  /// - Parameters:
  ///   - threads: how many threads share the cache; at least 2.
  ///   - iterations: rounds per thread.
  /// - Returns: what ran and how many counter updates were lost.
  public static func run(threads: Int = 4, iterations: Int = 10_000) -> Report {
    let threads = max(threads, 2)
    let iterations = max(iterations, 1)
    let cache = RacyProfileCache()
    let start = DispatchSemaphore(value: 0)
    let finished = DispatchGroup()
    // One OS thread each, released together so that they overlap in time.
    // No happens-before edge orders one thread's accesses after another's
    // (each waits only on the main thread's signal), so ThreadSanitizer
    // reports the race even when the scheduler runs the threads one after
    // another. A dispatch queue could run every round on one worker thread,
    // where there would be no race to see.
    for thread in 0..<threads {
      finished.enter()
      Thread {
        start.wait()
        for round in 0..<iterations {
          let user = (round + thread) % 4
          cache.store(postCount: round, forUser: user)
          _ = cache.postCount(forUser: user)
        }
        finished.leave()
      }.start()
    }
    for _ in 0..<threads { start.signal() }
    finished.wait()
    return Report(
      threads: threads, iterationsPerThread: iterations, lookupsMade: threads * iterations,
      lookupsCounted: cache.lookups)
  }
}
