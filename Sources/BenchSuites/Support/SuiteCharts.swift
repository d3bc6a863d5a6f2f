// The charts scripts/plot.py draws from each suite's tables. SUMMARY.md links
// them as plots/<name>.png, so these names and plot.py's must stay the same
// (docs/plots-and-compare.md lists them; CI fails when a linked chart is missing).
import BenchKit

extension ParallelFetchSuite {
  var charts: [String] {
    [
      "parallel-fetch-speedup", "parallel-fetch-overhead", "parallel-fetch-time-to-error",
      "parallel-fetch-calibration",
    ]
  }
}

extension PresenterHopSuite {
  var charts: [String] {
    ["presenter-hop-floor", "presenter-hop-load"]
  }
}

extension RefetchCancelSuite {
  var charts: [String] {
    ["refetch-cancel-outcomes"]
  }
}

extension MainResponsivenessSuite {
  var charts: [String] {
    ["main-responsiveness-frames"]
  }
}

extension WorkerIsolationSuite {
  var charts: [String] {
    ["worker-isolation-throughput"]
  }
}

extension BuildSettingsSuite {
  var charts: [String] {
    [
      "build-settings-main-gap", "build-settings-frames", "build-settings-speedup", "build-settings-placements",
      "build-settings-hop",
      "build-settings-refetch",
    ]
  }
}

extension CheckerPowerSuite {
  var charts: [String] {
    ["checker-power-found"]
  }
}

extension ScreenSettingsSuite {
  var charts: [String] {
    ["screen-settings-costs"]
  }
}
