import Foundation
import Testing

@testable import ScreenChecks

/// The report says how each systematic trial was settled: by sampling the
/// process idle, or (in at least one settle) by a quiet window, which rests
/// on timing.
@Suite struct SettleMethodTests {
  static func trial(quietSettles: Int) -> ScreenTrialResult {
    ScreenTrialResult(
      schedule: nil, verdict: ScreenVerdict(observed: []), failedChecks: [], viewLog: [], calls: [], actions: [],
      quiescent: true, leftInFlight: 0, diverged: false, quietSettles: quietSettles)
  }

  @Test func trialsWithAQuietWindowSettleAreCountedAsSettledByTiming() {
    var report = ScreenReport(
      sceneName: "scene", configuration: CheckConfiguration(), contract: .latestWins,
      mode: .systematic(exhaustive: true), seed: 1)
    for quietSettles in [0, 2, 0, 1] {
      report.add(Self.trial(quietSettles: quietSettles), keepingExamples: 1)
    }

    #expect(report.quietSettles == 3)
    #expect(report.trialsSettledByTiming == 2)
    let sampler = ProcessActivity.source.map { "process idle (\($0))" } ?? "process idle (no sampler here)"
    #expect(
      report.table.contains("settled by: \(sampler) in 2 trials, a quiet window (timing) in 2 (3 settles)"),
      "\(report.table)")
  }

  @Test func aTrialsTranscriptSaysWhenATimedSettleDecidedIt() {
    #expect(Self.trial(quietSettles: 2).transcript.contains("settled by a quiet window (timing) 2 times"))
    #expect(!Self.trial(quietSettles: 0).transcript.contains("quiet window"))
  }

  @Test func stressReportsSayNothingOfSettles() {
    var report = ScreenReport(
      sceneName: "scene", configuration: CheckConfiguration(), contract: .latestWins, mode: .stress, seed: 1)
    report.add(Self.trial(quietSettles: 0), keepingExamples: 1)
    #expect(!report.table.contains("settled by"))
  }
}
