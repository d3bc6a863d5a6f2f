import CheckerFixtures
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

  @Test func everyNameIsUnique() {
    let names = (FlawCatalogue.flawed + FlawCatalogue.correct).map(\.name)
    let repeated = Dictionary(grouping: names, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
    #expect(repeated.isEmpty, "\(repeated)")
  }
}
