import BenchKit
import Foundation
import IsolationChecks
import LoopbackTestSupport
import ProfileScene
import Testing

@testable import BenchSuites

/// `refetch-cancel`'s stress trials over real HTTP, against `scripts/serve.py`.
///
/// The trials' timing is random by design, so these tests assert only what
/// must hold for every interleaving: the corrected scene never shows a
/// forbidden outcome, and every trial settles within its bound.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct RefetchHTTPStressTests {
  static let corrected = RefetchHTTPVariant(interactor: .corrected, policy: .latestRequestOnly)

  @Test func theCorrectedSceneShowsNoForbiddenOutcomeOverRealHTTP() async throws {
    try await LoopbackServer.with(["--user-latency", "5ms", "--posts-latency", "5ms"]) { server in
      // The bound only keeps a hanging scene from hanging the test: a
      // ThreadSanitizer build on a loaded machine once took over 2 s to settle a trial.
      let stress = RefetchHTTPStress(
        baseURL: server.baseURL, taps: 2, maxTapGap: .milliseconds(5), settleTimeout: .seconds(30))
      let seed: UInt64 = 7
      let run = await stress.run(Self.corrected, trials: 12, seed: seed)

      #expect(run.trials == 12)
      #expect(run.notSettled == 0, "seed \(seed)")
      #expect(run.forbiddenTrials == 0, "seed \(seed); examples: \(run.examples)")
      #expect(run.requests >= 2 * run.trials, "every trial loads at least its last tap's user and posts")
    }
  }

  @Test func stressHTTPRowsJoinTheOutcomeTableAndAForbiddenOneFailsTheRun() {
    var run = RefetchHTTPStressRun(variant: Self.corrected, seed: 1, maxTapGap: .milliseconds(5))
    run.trials = 3
    run.counts = [.latestOnly: 2, .staleFlash: 1]
    let report = RefetchCancelTables.report([], httpRuns: [run], suite: "refetch-cancel", isPartial: false)

    let rows = report.tables[0].table.rows.filter { $0[1] == "stress-http" }
    #expect(rows.count == RefetchOutcome.tableOrder.count)
    let expected = [
      "corrected/latest-request-only/url-session-real", "stress-http", "1", "latest-only", "2", "0.666667",
      "acceptable",
    ]
    #expect(rows.first == expected)
    #expect(report.invariantViolations.count == 1)
  }
}
