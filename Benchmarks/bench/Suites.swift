import BenchKit

/// Every suite `bench` knows, in the order `bench list` shows and `bench` runs them.
///
/// Each suite lives in its own file in this directory; register it by
/// adding it here.
func allSuites() -> [any BenchSuite] {
  [
    ParallelFetchSuite(),
    PresenterHopSuite(),
    MainResponsivenessSuite(),
    WorkerIsolationSuite(),
    RefetchCancelSuite(),
    RaceCanarySuite(),
    BuildSettingsSuite(),
  ]
}
