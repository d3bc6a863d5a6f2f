import CheckerFixtures
import ScreenChecks
import Testing

@testable import BenchSuites

/// The checker-power suite's rows: a flaw is found whether it shows as a
/// forbidden outcome or as a failed resource check, a correct fixture's
/// finding is a false alarm that fails the run, and the CSV has a row per
/// fixture and strategy.
@Suite struct CheckerPowerSuiteTests {
  static func fixture(_ name: String, in fixtures: [FlawFixture]) throws -> FlawFixture {
    try #require(fixtures.first { $0.name == name }, "no fixture \(name)")
  }

  @MainActor
  @Test func aFlawThatShowsOnlyAsAFailedCheckIsFoundWithItsFirstOrdering() async throws {
    let neverCancels = try Self.fixture("interactor: never cancels", in: FlawCatalogue.flawed)
    #expect(neverCancels.outcome == nil, "the fixture is meant to show no forbidden outcome")
    let row = try await CheckerPowerRow.measure(
      neverCancels, isFlawed: true, .exhaustive, seeds: 1, orderings: 50, firstSeed: 1)
    #expect(row.runs == 1)
    #expect(row.finding == 1)
    let first = try #require(row.orderingsToFirst.first)
    #expect(first >= 1 && first <= row.orderings[0])
  }

  @MainActor
  @Test func aSampledStrategyFindsAFlawInEverySeedAndNothingInItsCorrectTwin() async throws {
    let flawed = try Self.fixture("restart-only-detail", in: FlawCatalogue.flawed)
    let correct = try Self.fixture("guarded-detail", in: FlawCatalogue.correct)
    let found = try await CheckerPowerRow.measure(
      flawed, isFlawed: true, .pct(depth: 2), seeds: 2, orderings: 100, firstSeed: 1)
    let quiet = try await CheckerPowerRow.measure(
      correct, isFlawed: false, .pct(depth: 2), seeds: 2, orderings: 100, firstSeed: 1)
    #expect(found.finding == 2)
    #expect(quiet.finding == 0)
    let table = CheckerPowerTable(rows: [found, quiet], seeds: 2, orderings: 100)
    #expect(table.falseAlarms.isEmpty)
    #expect(table.csv.rows.count == 2)
    #expect(table.csv.columns == CheckerPowerTable.columns)
  }

  @Test func aFindingOnACorrectFixtureIsAFalseAlarm() {
    let alarm = CheckerPowerRow(
      fixture: "guarded-detail", kind: "screen", isFlawed: false, actions: 2, strategy: .random, runs: 3, finding: 1,
      orderings: [300, 300, 300], orderingsToFirst: [12], secondsToFirst: [0.1], seconds: [1, 1, 1])
    let table = CheckerPowerTable(rows: [alarm], seeds: 3, orderings: 300)
    #expect(
      table.falseAlarms == [
        "checker-power: random found something forbidden on the correct guarded-detail in 1 of 3 runs"
      ])
  }
}
