import IsolationChecks
import Testing

/// The canary's race is not run here: a ThreadSanitizer test run would
/// rightly fail on it. `bench race-canary` runs it.
@Suite struct RaceCanaryTests {
  @Test func reportSaysWhatRanAndWhatTheRaceLost() {
    let report = RaceCanary.Report(
      threads: 4, iterationsPerThread: 10, lookupsMade: 40, lookupsCounted: 37)
    #expect(
      report.description
        == "race canary: 4 threads × 10 rounds on one RacyProfileCache (an unsynchronised @unchecked Sendable class). Lookups made 40, counted 37, lost to the race 3. Under ThreadSanitizer this run must be reported as a data race."
    )
  }

  @Test func cacheStoresAndCountsOnOneThread() {
    let cache = RacyProfileCache(capacity: 4)
    cache.store(postCount: 7, forUser: 5)
    #expect(cache.postCount(forUser: 1) == 7, "user ids wrap around the capacity")
    #expect(cache.lookups == 1)
  }
}
