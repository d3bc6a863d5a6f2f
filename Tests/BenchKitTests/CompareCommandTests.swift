import BenchKit
import Foundation
import Testing

@Suite struct CompareCommandTests {
  typealias F = ComparisonFixtures

  static func driver(_ console: RecordingConsole) -> BenchDriver {
    BenchDriver(
      overview: "Test overview.", suites: [StubSuite()], subcommands: [.compare], console: console,
      interrupt: InterruptFlag(), progress: SilentProgress(), captureEnvironment: { Fixtures.releaseEnvironment })
  }

  /// Writes a run's summary (and samples) into `folder` as `suite.csv`.
  static func write(_ side: ComparisonSide, into folder: String, samples: Bool = true) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try AtomicFileWriter.write(CSVWriter.render(side.summary.table), to: folder + "/suite.csv")
    if samples, let table = side.samples?.table {
      try AtomicFileWriter.write(CSVWriter.render(table), to: folder + "/suite-samples.csv")
    }
  }

  static let usage = "Usage: bench compare [<baseline>] [<current>]\n  See 'bench --help' for more information.\n"

  @Test func aSlowerRunIsARegressionAndExitsWithItsCode() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.write(F.side([("a", "2", F.tight(1000)), ("b", "2", F.tight(1000))]), into: directory.file("base"))
    try Self.write(F.side([("a", "2", F.tight(1200)), ("b", "2", F.tight(1000))]), into: directory.file("cur"))
    let console = RecordingConsole()
    let code = await Self.driver(console).run(arguments: ["compare", directory.file("base"), directory.file("cur")])
    #expect(code == .performanceRegression)
    #expect(code.rawValue == 2)
    #expect(
      console.output == """

        == suite.csv ==
        baseline: \(directory.file("base"))/suite.csv
        current:  \(directory.file("cur"))/suite.csv
        Rows paired on: variant, routes, metric.
        Change in median (current / baseline - 1), 95% CI by bootstrap of the raw samples; threshold 5%.

        variant  metric      baseline p50  current p50  change  95% CI            verdict
        -------  ----------  ------------  -----------  ------  ----------------  ---------
        a        elapsed_ns       1000 ns      1.20 µs  +20.0%  [+19.0%, +21.0%]  regressed
        b        elapsed_ns       1000 ns      1000 ns   +0.0%  [-0.8%, +0.9%]    unchanged
        Result: 1 regressed, 0 improved, 1 unchanged, 0 too noisy to tell.

        Overall: 1 regressed, 0 improved, 1 unchanged, 0 too noisy to tell.

        """)
    #expect(console.error == "REGRESSION: 1 row(s) regressed beyond the 5% threshold.\n")
  }

  /// `bench compare` alone sets bench's latest run (its default output)
  /// beside the published one, and one run is compared with the published.
  @Test func oneRunOrNoneIsComparedWithThePublishedRun() async throws {
    #expect(BenchSubcommand.comparedRuns([]) == ("Results", ".build/bench-results"))
    #expect(BenchSubcommand.comparedRuns(["mine"]) == ("Results", "mine"))
    #expect(BenchSubcommand.comparedRuns(["old", "new"]) == ("old", "new"))
    // The published run's own tables, copied, pair with it row for row.
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let copy = directory.file("copy")
    try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
    let published = try FileManager.default.contentsOfDirectory(atPath: "Results").filter { $0 == "parallel-fetch.csv" }
    #expect(published == ["parallel-fetch.csv"], "the published run has its parallel-fetch table")
    for file in published { try FileManager.default.copyItem(atPath: "Results/" + file, toPath: copy + "/" + file) }
    let console = RecordingConsole()
    let code = await Self.driver(console).run(arguments: ["compare", copy])
    #expect(code == .success, "\(console.error)")
    #expect(console.output.contains("baseline: Results/parallel-fetch.csv"), "\(console.output)")
    #expect(console.output.contains("Overall: 0 regressed, 0 improved"), "\(console.output)")
  }

  @Test func anIdenticalRunIsUnchangedAndSucceeds() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let side = F.side([("a", "2", F.tight(1000))])
    try Self.write(side, into: directory.file("base"))
    try Self.write(side, into: directory.file("cur"))
    let console = RecordingConsole()
    let code = await Self.driver(console).run(arguments: [
      "compare", directory.file("base/suite.csv"), directory.file("cur/suite.csv"), "--threshold", "2.5%",
    ])
    #expect(code == .success)
    #expect(console.output.contains("threshold 2.5%."))
    #expect(console.output.hasSuffix("Overall: 0 regressed, 0 improved, 1 unchanged, 0 too noisy to tell.\n"))
    #expect(console.error.isEmpty)
  }

  @Test func unpairedRowsAndMissingSamplesAreSaid() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.write(F.side([("a", "2", F.tight(1000)), ("old", "2", F.tight(1000))]), into: directory.file("base"))
    try Self.write(F.side([("a", "2", F.tight(1000))]), into: directory.file("cur"), samples: false)
    let console = RecordingConsole()
    let code = await Self.driver(console).run(arguments: ["compare", directory.file("base"), directory.file("cur")])
    #expect(code == .success)
    #expect(
      console.output.contains(
        """
        Could not pair 1 row(s):
          only in the baseline: "old" elapsed_ns (no row with these values in the current run)
        Note: No samples for the current run (\(directory.file("cur"))/suite-samples.csv is missing): \
        intervals come from the summaries' p50 intervals, which are wider than a bootstrap.

        """))
    #expect(console.output.contains("unchanged (from summaries)"))
    #expect(console.output.hasSuffix("; 1 row(s) could not be paired.\n"))
  }

  @Test(arguments: [
    (
      ["compare", "base", "cur", "--threshold", "5"],
      "The value '5' is invalid for '--threshold <percent>': expected a percentage like 5% or 2.5%"
    ),
    (
      ["compare", "base", "cur", "--threshold", "five%"],
      "The value 'five%' is invalid for '--threshold <percent>': expected a percentage like 5% or 2.5%"
    ),
    (
      ["compare", "base", "cur", "--threshold", "-5%"],
      "The value '-5%' is invalid for '--threshold <percent>': expected a percentage like 5% or 2.5%"
    ),
    (
      ["compare", "base", "cur", "--threshold", ".5%"],
      "The value '.5%' is invalid for '--threshold <percent>': expected a percentage like 5% or 2.5%"
    ),
    (
      ["compare", "base", "cur", "--threshold", "5 %"],
      "The value '5 %' is invalid for '--threshold <percent>': expected a percentage like 5% or 2.5%"
    ),
    (
      ["compare", "base", "cur", "--threshold", "0%"],
      "The value '0%' is invalid for '--threshold <percent>': expected a percentage greater than 0% and less than 100%"
    ),
    (
      ["compare", "base", "cur", "--threshold", "100%"],
      "The value '100%' is invalid for '--threshold <percent>': expected a percentage greater than 0% and less than 100%"
    ),
    (
      ["compare", "base", "cur", "--ignore", "a,,b"],
      "The value 'a,,b' is invalid for '--ignore <columns>': expected comma-separated column names, like variant,latency_ms"
    ),
    (["compare", "base", "cur", "more"], "Unexpected argument 'more'"),
  ])
  func badInputsExitWithUsageWordForWord(arguments: [String], message: String) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let side = F.side([("a", "2", F.tight(1000))])
    try Self.write(side, into: directory.file("base"))
    try Self.write(side, into: directory.file("cur"))
    let console = RecordingConsole()
    let paths = arguments.map { ["base", "cur"].contains($0) ? directory.file($0) : $0 }
    let code = await Self.driver(console).run(arguments: paths)
    #expect(code == .usage)
    #expect(console.error == "Error: \(message)\n" + Self.usage)
    #expect(console.output.isEmpty)
  }

  @Test func pathsThatCannotBeComparedExitWithUsageWordForWord() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Self.write(F.side([("a", "2", F.tight(1000))]), into: directory.file("base"))
    try FileManager.default.createDirectory(atPath: directory.file("empty"), withIntermediateDirectories: true)
    try AtomicFileWriter.write("variant,metric\n\"open,x\n", to: directory.file("broken.csv"))
    let base = directory.file("base")
    let cases: [([String], String)] = [
      ([base, directory.file("nope")], "The current run '\(directory.file("nope"))' does not exist"),
      (
        [base, directory.file("broken.csv")],
        "The baseline '\(base)' is a folder and the current run '\(directory.file("broken.csv"))' is a file; "
          + "give two CSV files or two folders"
      ),
      (
        [base, directory.file("empty")],
        "The folders '\(base)' and '\(directory.file("empty"))' have no summary CSV file in common"
      ),
      (
        [base + "/suite.csv", directory.file("broken.csv")],
        "\(directory.file("broken.csv")): line 2: a quoted field is not closed"
      ),
    ]
    for (arguments, message) in cases {
      let console = RecordingConsole()
      let code = await Self.driver(console).run(arguments: ["compare"] + arguments)
      #expect(code == .usage)
      #expect(console.error == "Error: \(message)\n" + Self.usage)
    }
  }

  @Test func anIgnoredColumnThatPairsNothingIsAnError() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let side = F.side([("a", "2", F.tight(1000))])
    try Self.write(side, into: directory.file("base"))
    try Self.write(side, into: directory.file("cur"))
    let console = RecordingConsole()
    let code = await Self.driver(console).run(arguments: [
      "compare", directory.file("base"), directory.file("cur"), "--ignore", "latency",
    ])
    #expect(code == .usage)
    #expect(
      console.error
        == "Error: The column 'latency' given to '--ignore <columns>' does not pair rows in any compared table\n"
        + Self.usage)
  }

  @Test func theHelpListsCompareAndItsOptionsWordForWord() {
    let help = BenchCommandLine(overview: "Test.", suites: [], subcommands: [.compare]).helpText
    #expect(
      help.contains(
        """
        COMPARE OPTIONS:
          --threshold <percent>   Change in a median that compare calls improved or
                                  regressed, like 2.5% (default: 5%).
          --ignore <columns>      Comma-separated columns compare leaves out when
                                  pairing rows, like variant,latency_ms (default: none).
          --min-paired <percent>  Share of each run's rows that must pair, or compare
                                  exits 3 without judging, like 80% (default: 50%).
          --allow-incomparable    Let compare fail on regressions in rows marked
                                  comparable=false (default: off).

        SUBCOMMANDS:

        """))
    #expect(
      help.hasSuffix(
        """
          compare                 Compare two runs' results (CSV files or Results
                                  folders) and flag regressions.

        """))
  }
}
