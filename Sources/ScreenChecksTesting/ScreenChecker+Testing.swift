import ScreenChecks
import Testing

extension ScreenChecker {
  /// Checks the screen in every ordering (``runSystematic(_:)``) and records
  /// a test failure for each forbidden thing found, each with its replay
  /// string, at the caller's line; the table, and the transcript of each
  /// finding's kept trial, are attached to the test.
  ///
  /// ```swift
  /// @Test func theSearchShowsOnlyWhatTheUserAskedFor() async throws {
  ///   try await ScreenChecker(searchScreen, configuration: .init(actions: 3)).expectNothingForbidden()
  /// }
  /// ```
  /// - Returns: the report, for further expectations.
  /// - Throws: ``ScreenDescriptionError`` when the description cannot be checked.
  @discardableResult
  public func expectNothingForbidden(
    _ options: SystematicOptions = SystematicOptions(), sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> ScreenReport {
    let report = try await runSystematic(options)
    record(report, sourceLocation: sourceLocation)
    return report
  }

  /// Runs stress trials (``runStress(_:)``) and records a test failure for
  /// each forbidden outcome seen, with the replay derived from it.
  /// - Returns: the report.
  /// - Throws: ``ScreenDescriptionError`` when the description cannot be checked.
  @discardableResult
  public func expectNothingForbidden(
    stress options: StressOptions, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> ScreenReport {
    let report = try await runStress(options)
    record(report, sourceLocation: sourceLocation)
    return report
  }

  /// Replays one schedule (a replay string from a finding) and records a
  /// test failure if it shows a forbidden outcome: a found bug, pinned as a
  /// regression test in one line. Answers and clock wakes the screen no
  /// longer waits for (a fix that cancels the call or the sleep) are
  /// skipped (``ScreenChecker/replayAsRegression(_:)``).
  ///
  /// ```swift
  /// @Test func theClearedQueryStaysEmpty() async throws {
  ///   try await ScreenChecker(searchScreen, configuration: .init(actions: 2))
  ///     .expectNothingForbidden(replaying: "q1,c2,d1,search1")
  /// }
  /// ```
  /// - Returns: the replayed trial.
  /// - Throws: ``ScheduleParseError`` for a string that is not a schedule;
  ///   ``ScreenDescriptionError`` when the description cannot be checked or
  ///   the screen cannot take one of the schedule's actions where it says.
  @discardableResult
  public func expectNothingForbidden(
    replaying schedule: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> ScreenTrialResult {
    let result = try await replayAsRegression(ScreenSchedule(parsing: schedule))
    if let shown = forbiddenShown(by: result) {
      Issue.record("\(screen.name): the replay \(schedule) shows \(shown)", sourceLocation: sourceLocation)
      Attachment.record(result.transcript, named: "\(screen.name) replay.txt", sourceLocation: sourceLocation)
    }
    return result
  }

  /// The forbidden outcomes and failed checks a replayed trial shows, said
  /// in one line, or `nil` when it shows none.
  func forbiddenShown(by result: ScreenTrialResult) -> String? {
    let contract = checkedScreen.contract
    let outcomes = result.verdict.observed.filter { contract.grade($0) == .forbidden }.sorted().map(\.description)
    let checks = result.failedChecks.filter { contract.expectation.grade($0) == .forbidden }
      .map { "check \($0) failed" }.sorted()
    return outcomes.isEmpty && checks.isEmpty ? nil : (outcomes + checks).joined(separator: ", ")
  }

  private func record(_ report: ScreenReport, sourceLocation: SourceLocation) {
    let findings = report.findings
    guard !findings.isEmpty else { return }
    for finding in findings {
      Issue.record("\(screen.name): \(finding)", sourceLocation: sourceLocation)
    }
    Attachment.record(report.table, named: "\(screen.name) table.txt", sourceLocation: sourceLocation)
    for (index, finding) in findings.enumerated() {
      guard let transcript = finding.transcript else { continue }
      Attachment.record(
        transcript, named: "\(screen.name) finding \(index + 1).txt", sourceLocation: sourceLocation)
    }
  }
}
