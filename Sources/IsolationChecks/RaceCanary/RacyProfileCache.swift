/// A profile cache with no synchronisation at all, shared across threads
/// behind `@unchecked Sendable`: the anti-pattern the concurrency guides warn
/// about, kept so that CI can prove ThreadSanitizer catches it.
///
/// This type is the one deliberate exception to the project's rule that every
/// `@unchecked Sendable` is safe: it is not. Never use it for anything but
/// the race canary.
///
/// It stores plain integers (post counts by user id) in a fixed buffer and
/// counts lookups in a stored property, so that its races corrupt numbers but
/// can never corrupt memory: with ThreadSanitizer off, the canary still runs
/// to the end.
public final class RacyProfileCache {
  /// The number of user ids the cache has slots for.
  public let capacity: Int
  private let postCounts: UnsafeMutablePointer<Int>
  /// Lookups so far; incremented without synchronisation, so updates are lost.
  public private(set) var lookups = 0

  /// Creates an empty cache.
  /// - Parameter capacity: slots for user ids `0..<capacity`.
  public init(capacity: Int = 16) {
    self.capacity = max(capacity, 1)
    postCounts = .allocate(capacity: self.capacity)
    postCounts.initialize(repeating: 0, count: self.capacity)
  }

  deinit {
    postCounts.deallocate()
  }

  /// Stores a post count; racy.
  public func store(postCount: Int, forUser user: Int) {
    postCounts[user % capacity] = postCount
  }

  /// Reads a post count and counts the lookup; racy.
  public func postCount(forUser user: Int) -> Int {
    lookups += 1
    return postCounts[user % capacity]
  }
}

// Safety: NONE. This is the race canary, the one deliberate exception to the
// rule: the class is shared across threads with no lock, on purpose, so that
// ThreadSanitizer has a real race to report.
extension RacyProfileCache: @unchecked Sendable {}
