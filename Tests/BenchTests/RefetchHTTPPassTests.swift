import BenchKit
import Foundation
import MockNetwork
import ProfileScene
import Testing

@testable import BenchSuites
@testable import IsolationChecks

/// `refetch-cancel`'s `stress-http` pass: which scenes it runs, and the rows
/// it writes. The checker's stress mode over a server, which the pass runs,
/// is tested in `ServerStressCheckTests`.
@MainActor
@Suite struct RefetchHTTPPassTests {
  static let corrected = RefetchVariant(
    interactor: .corrected, policy: .latestRequestOnly, cancellationStyle: .urlSession)

  @Test func thePassRunsEveryInteractorAndPolicyUnderTheirFormerNames() {
    let names = RefetchHTTPPass.variants(in: .shipped).map(RefetchHTTPPass.rowName)
    let expected = InteractorVariant.allCases.flatMap { interactor in
      ViewPolicy.allCases.map { "\(interactor)/\($0)/url-session-real" }
    }
    #expect(names == expected)
    #expect(RefetchHTTPPass.variants(in: .shipped).allSatisfy { $0.cancellationStyle == .urlSession })
  }

  @Test func stressHTTPRowsJoinTheOutcomeTableAndAForbiddenOneFailsTheRun() throws {
    var report = ScreenReport(
      sceneName: Self.corrected.scene.name, configuration: CheckConfiguration(actions: 2),
      contract: SceneUnderTest.contract, mode: .stress,
      seed: 1)
    report.baseURL = URL(string: "http://127.0.0.1:8080")
    report.trials = 3
    report.counts = [.latestOnly: 2, .staleFlash: 1]
    let suiteReport = RefetchCancelTables.report(
      [], httpRuns: [RefetchCancelRun(variant: Self.corrected, report: report)], suite: "refetch-cancel",
      isPartial: false)

    let outcomes = suiteReport.tables[0].table
    #expect(outcomes.columns == ["variant", "mode", "seed", "outcome", "count", "frequency", "grade"])
    let rows = outcomes.rows.filter { $0[1] == "stress-http" }
    #expect(rows.count == SceneUnderTest.contract.outcomes.count)
    #expect(rows.count == 7, "the profile scene's seven outcomes, as its tables have always listed")
    let expected = [
      "corrected/latest-request-only/url-session-real", "stress-http", "1", "latest-only", "2", "0.666667",
      "acceptable",
    ]
    #expect(rows.first == expected)
    #expect(suiteReport.tables[1].table.rows.isEmpty, "the stress-http pass writes no cost rows")
    #expect(suiteReport.invariantViolations.count == 1)
  }
}
