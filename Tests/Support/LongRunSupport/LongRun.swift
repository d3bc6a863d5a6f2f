import Foundation
import Testing

/// Whether this test run includes the long runs: `ISOLATIONBENCH_LONG_TESTS=1`.
public let longRunsEnabled = ProcessInfo.processInfo.environment["ISOLATIONBENCH_LONG_TESTS"] == "1"

extension Trait where Self == ConditionTrait {
  /// A long run that measures the checker's power (thousands of stress
  /// trials, every ordering of a correct screen, the sampling strategies
  /// over every fixture, the mutation catalogue) rather than testing a
  /// change: left out of a plain `swift test`, so that it stays within
  /// minutes, and run by `ISOLATIONBENCH_LONG_TESTS=1 swift test`, which
  /// CI's `long-tests` step does. Lighter tests check the same guarantees
  /// on fewer trials in every run.
  public static var longRun: Self {
    .enabled(
      if: longRunsEnabled,
      "a long run that measures the checker's power: ISOLATIONBENCH_LONG_TESTS=1 swift test runs it (CI's long-tests step)"
    )
  }
}
