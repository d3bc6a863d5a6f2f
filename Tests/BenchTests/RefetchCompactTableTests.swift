import BenchKit
import MockNetwork
import ProfileScene
import Testing

@testable import BenchSuites
@testable import IsolationChecks

/// The compact outcome table `refetch-cancel` prints by default: its layout
/// is pinned, so that a reader (and a script) finds the same columns.
@MainActor
@Suite struct RefetchCompactTableTests {
  static func variant(_ interactor: InteractorVariant, _ policy: ViewPolicy, _ style: CancellationStyle)
    -> RefetchVariant
  {
    RefetchVariant(interactor: interactor, policy: policy, cancellationStyle: style)
  }

  /// A systematic report with `counts`, and one kept stale-flash trial replayed by `t1,t2,u1,p1,u2,p2`.
  static func report(_ counts: [ScreenOutcome: Int], mode: ScreenReport.Mode = .systematic(exhaustive: true))
    throws -> ScreenReport
  {
    var report = ScreenReport(
      sceneName: "profile", configuration: CheckConfiguration(actions: 2), contract: SceneUnderTest.contract,
      mode: mode, seed: 42)
    report.counts = counts
    report.trials = counts.values.reduce(0, +)
    if (counts[.staleFlash] ?? 0) > 0 {
      report.examples[.staleFlash] = [
        ScreenTrialResult(
          schedule: try ScreenSchedule(parsing: "t1,t2,u1,p1,u2,p2"),
          verdict: ScreenVerdict(observed: [.staleFlash]), failedChecks: [], viewLog: [], calls: [], actions: [],
          quiescent: true, leftInFlight: 0, diverged: false, quietSettles: 0)
      ]
    }
    return report
  }

  static func runs() throws -> [RefetchCancelRun] {
    [
      RefetchCancelRun(
        variant: variant(.guide, .guide, .cancellationError),
        report: try report([.latestOnly: 100, .staleFlash: 26])),
      RefetchCancelRun(
        variant: variant(.guide, .guide, .urlSession),
        report: try report([.latestOnly: 110, .staleFlash: 10, .spuriousError: 6])),
      RefetchCancelRun(
        variant: variant(.corrected, .latestRequestOnly, .cancellationError),
        report: try report([.latestOnly: 126])),
      RefetchCancelRun(
        variant: variant(.guide, .guide, .cancellationError),
        report: try report([.latestOnly: 2_990, .duplicate: 10], mode: .stress)),
    ]
  }

  @Test func oneRowPerSceneAndModeWithTheOutcomesAsColumns() throws {
    let text = TextTableWriter.render(RefetchCompactTable.table(try Self.runs()))
    let expected = """
      scene                          mode        trials  latest-only  duplicate  stale-flash  lost  stale-final  spurious-error  wrong-profile  first finding
      -----------------------------  ----------  ------  -----------  ---------  -----------  ----  -----------  --------------  -------------  -----------------------------------------------------------
      seed/seed                      systematic     252          210          0          36!     0            0              6!              0  stale-flash: seed/seed/cancellation-error:t1,t2,u1,p1,u2,p2
      corrected/latest-request-only  systematic     126          126          0            0     0            0               0              0
      seed/seed                      stress        3000         2990         10            0     0            0               0              0

      """
    #expect(text == expected)
  }

  @Test func theSuiteReportPrintsTheCompactTableAndKeepsTheLongOneForVerbose() throws {
    let report = RefetchCancelTables.report(try Self.runs(), suite: "refetch-cancel", isPartial: false)
    #expect(report.headline?.columns.first == "scene")
    #expect(report.verboseHeadline?.columns == RefetchCancelTables.outcomeColumns)
    #expect(report.tables[0].table.columns == RefetchCancelTables.outcomeColumns)
    #expect(report.tables[0].table.rows.count == 4 * SceneUnderTest.contract.outcomes.count)
    #expect(report.notes.count < (report.verboseNotes?.count ?? 0))
  }
}
