import BenchKit
import Foundation
import Testing

/// `bench compare` must not pass a comparison that judged nothing.
@Suite struct ComparePairingTests {
  typealias F = ComparisonFixtures

  private static func run(_ base: ComparisonSide, _ current: ComparisonSide, _ extra: [String] = []) async throws
    -> (code: BenchExitCode, output: String, error: String)
  {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try CompareCommandTests.write(base, into: directory.file("base"))
    try CompareCommandTests.write(current, into: directory.file("cur"))
    let console = RecordingConsole()
    let code = await CompareCommandTests.driver(console).run(
      arguments: ["compare", directory.file("base"), directory.file("cur")] + extra)
    return (code, console.output, console.error)
  }

  @Test func runsThatShareNoParametersExitWithTheirOwnCodeAndSayHowToPairThem() async throws {
    let base = F.side([("a", "2", F.tight(1000)), ("b", "2", F.tight(1000))])
    let current = F.side([("a", "4", F.tight(1000)), ("b", "4", F.tight(1000))])
    let result = try await Self.run(base, current)
    #expect(result.code == .tooFewRowsPaired)
    #expect(result.code.rawValue == 3)
    #expect(
      result.output.hasSuffix(
        "Overall: 0 regressed, 0 improved, 0 unchanged, 0 too noisy to tell; 4 row(s) could not be paired.\n"))
    #expect(
      result.error
        == "NOT COMPARED: 0 of 2 baseline row(s) and 0 of 2 current row(s) paired; at least 50% of each must pair "
        + "(--min-paired). The runs differ in routes; to compare them anyway, leave those columns out of the "
        + "pairing: --ignore routes.\n")

    let ignoring = try await Self.run(base, current, ["--ignore", "routes"])
    #expect(ignoring.code == .success)
    #expect(ignoring.error.isEmpty)
  }

  @Test func fewerPairedRowsThanTheMinimumShareFail() async throws {
    let base = F.side([("a", "2", F.tight(1000)), ("b", "2", F.tight(1000)), ("c", "2", F.tight(1000))])
    let current = F.side([
      ("a", "2", F.tight(1000)), ("renamed b", "2", F.tight(1000)), ("renamed c", "2", F.tight(1000)),
    ])
    let result = try await Self.run(base, current)
    #expect(result.code == .tooFewRowsPaired)
    #expect(
      result.error
        == "NOT COMPARED: 1 of 3 baseline row(s) and 1 of 3 current row(s) paired; at least 50% of each must pair "
        + "(--min-paired). The runs differ in variant; to compare them anyway, leave those columns out of the "
        + "pairing: --ignore variant.\n")
    #expect(try await Self.run(base, current, ["--min-paired", "30%"]).code == .success)
    #expect(try await Self.run(base, base, ["--min-paired", "99%"]).code == .success)
  }

  @Test func aRegressionStillExitsWithTheRegressionCode() async throws {
    let base = F.side([("a", "2", F.tight(1000)), ("b", "2", F.tight(1000)), ("c", "2", F.tight(1000))])
    let current = F.side([("a", "2", F.tight(1300)), ("d", "2", F.tight(1000)), ("e", "2", F.tight(1000))])
    #expect(try await Self.run(base, current).code == .performanceRegression)
  }

  @Test func aBadMinimumShareIsAUsageError() async throws {
    let side = F.side([("a", "2", F.tight(1000))])
    let result = try await Self.run(side, side, ["--min-paired", "50"])
    #expect(result.code == .usage)
    #expect(
      result.error
        == "Error: The value '50' is invalid for '--min-paired <percent>': expected a percentage like 5% or 2.5%\n"
        + CompareCommandTests.usage)
  }

  @Test func aWrongProfileRowCountsAsForbidden() throws {
    func side(wrong: Int) -> ComparisonSide {
      let columns = ["variant", "mode", "outcome", "count", "frequency", "grade", "seed"]
      let rows = [
        ["mine", "stress", "latest-only", String(1000 - wrong), "1", "acceptable", "1"],
        ["mine", "stress", "wrong-profile", String(wrong), "0", "forbidden", "1"],
      ]
      return ComparisonSide(summary: ResultFile(path: "r.csv", table: ResultTable(columns: columns, rows: rows)))
    }
    let result = try TableComparison(baseline: side(wrong: 0), current: side(wrong: 30), settings: ComparisonSettings())
    #expect(result.outcomeChanges.map(\.verdict) == [.regressed])
    #expect(result.outcomeChanges.first?.currentForbidden == 30)
  }
}
