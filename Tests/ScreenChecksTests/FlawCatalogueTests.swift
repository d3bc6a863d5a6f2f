import CheckerFixtures
import LongRunSupport
import ScreenChecks
import Testing

/// The catalogue the checker's power is measured on lists every screen flaw
/// and every correct counterpart these tests check, each under its own name.
@Suite struct FlawCatalogueTests {
  @Test func everyFlawOfTheTestsIsListedWithItsOutcomeAndActions() {
    let flawed = Dictionary(FlawCatalogue.flawed.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    for flaw in ScreenFlawTests.flaws {
      let fixture = flawed[flaw.name]
      #expect(fixture?.kind == "screen", "\(flaw.name)")
      #expect(fixture?.outcome == flaw.outcome, "\(flaw.name)")
      #expect(fixture?.actions == flaw.actions, "\(flaw.name)")
    }
  }

  @Test func everyCounterpartOfTheTestsIsListedAsCorrect() {
    let correct = Dictionary(FlawCatalogue.correct.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    for counterpart in ScreenFlawTests.counterparts {
      let fixture = correct[counterpart.name]
      #expect(fixture?.kind == "screen", "\(counterpart.name)")
      #expect(fixture != nil && fixture?.outcome == nil, "\(counterpart.name)")
      #expect(fixture?.actions == counterpart.actions, "\(counterpart.name)")
    }
  }

  /// Each mutant interactor is measured under the probe that reveals its
  /// flaw: every ordering of two taps there shows the outcome it is listed
  /// with, or, listed without one, fails a resource check.
  @MainActor
  @Test(.longRun, arguments: FlawCatalogue.flawed.filter { $0.kind == "interactor" }.map(\.name))
  func everyMutantShowsItsFlawUnderItsProbe(_ name: String) async throws {
    let fixture = try #require(FlawCatalogue.flawed.first { $0.name == name })
    let report = try await fixture.run(CheckConfiguration(actions: fixture.actions), SystematicOptions())
    if let outcome = fixture.outcome {
      #expect(report.count(outcome) > 0, "\(report.table)")
    } else {
      #expect(!report.checkFailures.isEmpty, "\(report.table)")
    }
  }

  @Test func onlyFlawsTheCheckerCanSeeAreListed() {
    let names = FlawCatalogue.flawed.map(\.name)
    #expect(!names.contains { $0.hasPrefix("interactor: fetches sequentially") }, "a slower fetch shows no outcome")
    #expect(names.contains("interactor: catches only CancellationError (guide's view, URLSession's cancellation)"))
  }

  @Test func everyNameIsUnique() {
    let names = (FlawCatalogue.flawed + FlawCatalogue.correct).map(\.name)
    let repeated = Dictionary(grouping: names, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
    #expect(repeated.isEmpty, "\(repeated)")
  }
}
