import BenchKit
import IsolationChecks

/// Suite `race-canary`: shares ``RacyProfileCache``, an unsynchronised
/// `@unchecked Sendable` class, between threads. Under ThreadSanitizer the
/// run must be reported as a data race (CI fails if it is not); without it,
/// the run exits 0 and says what it did.
///
/// Opt-in: it exists to be run under ThreadSanitizer.
struct RaceCanarySuite: BenchSuite {
  let name = "race-canary"
  let summary =
    "A deliberately racy @unchecked Sendable cache, used from 4 threads; ThreadSanitizer must report it (opt-in)."
  /// The standard options it reads: how many racy writes to make.
  let standardOptions: Set<String> = ["quick", "iterations"]
  let runsByDefault = false

  func estimatedDuration(for options: BenchOptions) -> Duration {
    .milliseconds(100)
  }

  func run(in context: SuiteContext) async throws -> SuiteReport {
    let iterations = context.options.iterations(standard: 10_000, quick: 1_000)
    let report = RaceCanary.run(threads: 4, iterations: iterations)
    return SuiteReport(tables: [], notes: [report.description])
  }
}
