import Observation
import Testing

@testable import ScreenChecks

/// A value the screen computes from its results ("0 commits ahead") goes in
/// the snapshot as a derived value: never refused for not being a token,
/// and graded `wrong-results` when it is out of step with the results beside it.
@Suite struct DerivedValueTests {
  /// A branch's commits ahead of main, with their count above the list.
  /// With `keepsStaleCount`, selecting another branch clears the list but
  /// leaves the previous branch's count until the new list arrives.
  @Observable @MainActor
  final class BranchStatusModel {
    private(set) var commits: [String] = []
    private(set) var aheadLabel = "0 ahead"
    private(set) var errorMessage: String?
    @ObservationIgnored private let load: @Sendable (String) async throws -> [String]
    @ObservationIgnored private let keepsStaleCount: Bool
    @ObservationIgnored private var task: Task<Void, Never>?

    init(load: @escaping @Sendable (String) async throws -> [String], keepsStaleCount: Bool) {
      self.load = load
      self.keepsStaleCount = keepsStaleCount
    }

    func select(_ branch: String) {
      task?.cancel()
      commits = []
      errorMessage = nil
      if !keepsStaleCount { aheadLabel = "0 ahead" }
      task = Task {
        do {
          let found = try await load(branch)
          guard !Task.isCancelled else { return }
          commits = found
          aheadLabel = "\(found.count) ahead"
        } catch {
          guard !Task.isCancelled else { return }
          errorMessage = "Couldn't compare."
        }
      }
    }
  }

  static func status(_ name: String, keepsStaleCount: Bool) -> ScreenDescription<BranchStatusModel> {
    ScreenDescription(name, actions: [.type { $0.select($1) }]) { deps in
      BranchStatusModel(
        load: deps.endpoint("commits") { _, answer in answer.tokens(2) }, keepsStaleCount: keepsStaleCount)
    } snapshot: {
      ScreenSnapshot(
        results: $0.commits, error: $0.errorMessage,
        derived: [.init("ahead", shows: $0.aheadLabel, expected: "\($0.commits.count) ahead")])
    }
  }

  @MainActor
  @Test func aCountInStepWithItsResultsIsNeitherRefusedNorGraded() async throws {
    let checker = ScreenChecker(Self.status("branch-status", keepsStaleCount: false))
    let trial = try await checker.replay(ScreenSchedule(parsing: "q1,commits1,q2,commits2"))
    #expect(trial.verdict.observed == [.latestOnly], "\(trial.transcript)")
    #expect(trial.transcript.contains(#"ahead "0 ahead""#), "\(trial.transcript)")
    let report = try await checker.runSystematic()
    #expect(report.trials > 0 && report.violations == 0, "\(report.table)")
  }

  @MainActor
  @Test func aCountLeftFromThePreviousResultsIsWrongResults() async throws {
    let checker = ScreenChecker(Self.status("stale-count-status", keepsStaleCount: true))
    let trial = try await checker.replay(ScreenSchedule(parsing: "q1,commits1,q2,commits2"))
    #expect(trial.verdict.observed == [.wrongResults], "\(trial.transcript)")
    #expect(trial.transcript.contains(#"ahead "2 ahead" (the results say "0 ahead")"#), "\(trial.transcript)")
    let report = try await checker.runSystematic()
    #expect(report.count(.wrongResults) > 0, "\(report.table)")
  }
}
