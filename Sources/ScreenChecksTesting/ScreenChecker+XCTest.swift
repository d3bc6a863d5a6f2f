#if canImport(XCTest)
  import ScreenChecks
  import XCTest

  extension ScreenChecker {
    /// XCTest's form of ``expectNothingForbidden(_:sourceLocation:)``: one
    /// `XCTFail` per forbidden thing found, each with its replay string, at
    /// the caller's line. The table is printed to the test's log.
    /// - Returns: the report.
    /// - Throws: ``ScreenDescriptionError`` when the description cannot be checked.
    @discardableResult
    public func assertNothingForbidden(
      _ options: SystematicOptions = SystematicOptions(), file: StaticString = #filePath, line: UInt = #line
    ) async throws -> ScreenReport {
      let report = try await runSystematic(options)
      let findings = report.findings
      if !findings.isEmpty { print(report.table) }
      for finding in findings { XCTFail("\(screen.name): \(finding)", file: file, line: line) }
      return report
    }

    /// XCTest's form of ``expectNothingForbidden(replaying:sourceLocation:)``:
    /// replays one schedule and fails the test if it shows a forbidden outcome.
    /// - Returns: the replayed trial.
    /// - Throws: ``ScheduleParseError`` or ``ScreenDescriptionError``, as the Swift Testing form.
    @discardableResult
    public func assertNothingForbidden(
      replaying schedule: String, file: StaticString = #filePath, line: UInt = #line
    ) async throws -> ScreenTrialResult {
      let result = try await replayAsRegression(ScreenSchedule(parsing: schedule))
      if let shown = forbiddenShown(by: result) {
        print(result.transcript)
        XCTFail("\(screen.name): the replay \(schedule) shows \(shown)", file: file, line: line)
      }
      return result
    }
  }
#endif
