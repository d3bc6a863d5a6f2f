import CheckerFixtures
import ScreenChecks
import ScreenChecksTesting
import XCTest

/// The XCTest forms: nothing recorded for a correct screen; one failure per
/// forbidden thing for a flawed one (where XCTest can expect failures).
final class FindingsAsXCTestFailuresTests: XCTestCase {
  @MainActor
  func testACorrectScreensCheckRecordsNothing() async throws {
    let checker = ScreenChecker(FixtureScreens.correctFeed, configuration: CheckConfiguration(actions: 2))
    let report = try await checker.assertNothingForbidden()
    XCTAssertGreaterThan(report.trials, 0)
    let replayed = try await checker.assertNothingForbidden(replaying: "r1,r2,feed2")
    XCTAssertFalse(replayed.diverged)
  }

  #if canImport(Darwin)
    @MainActor
    func testAFailingCheckRecordsOneFailurePerForbiddenOutcome() async throws {
      let options = XCTExpectedFailure.Options()
      let recorded = FindingsAsTestFailuresTests.Recorded()
      options.issueMatcher = { issue in
        recorded.note(issue.compactDescription)
        return true
      }
      XCTExpectFailure("the flawed feed's findings", options: options)
      let checker = ScreenChecker(FixtureScreens.reloadFeed, configuration: CheckConfiguration(actions: 2))
      let report = try await checker.assertNothingForbidden(SystematicOptions(deepenTo: 0))
      let messages = recorded.comments
      XCTAssertEqual(messages.count, report.findings.count)
      XCTAssertEqual(messages.count, 3)
      XCTAssertTrue(messages.allSatisfy { $0.contains(": replay ") }, "\(messages)")
    }
  #endif
}
