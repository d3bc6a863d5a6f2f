import BenchKit
import Foundation
import Testing

@Suite struct DriverTests {
  static func driver(
    _ suites: [any BenchSuite],
    console: RecordingConsole,
    interrupt: InterruptFlag = InterruptFlag(),
    environment: BenchEnvironment = Fixtures.releaseEnvironment
  ) -> BenchDriver {
    BenchDriver(
      overview: "Test overview.",
      suites: suites,
      console: console,
      interrupt: interrupt,
      progress: SilentProgress(),
      captureEnvironment: { environment }
    )
  }

  static let usageLine = "Usage: bench [<suite> ...] [<options>]\n  See 'bench --help' for more information.\n"

  @Test(arguments: [
    (["nope"], "Unknown suite 'nope'; run 'bench list' to see the suites"),
    (["--fast"], "Unknown option '--fast'"),
    (["--iterations"], "Missing value for '--iterations <n>'"),
    (
      ["--max-time", "10"],
      "The value '10' is invalid for '--max-time <duration>': a non-zero duration needs a unit (ns, us, µs, ms or s)"
    ),
    (["--latency", "-1ms"], "The value '-1ms' is invalid for '--latency <durations>': durations cannot be negative"),
    (["--iterations", "0"], "The value '0' is invalid for '--iterations <n>': expected a positive integer"),
    (["--iterations", "many"], "The value 'many' is invalid for '--iterations <n>': expected a positive integer"),
    (
      ["--seed", "-1"],
      "The value '-1' is invalid for '--seed <n>': expected an integer from 0 to 18446744073709551615, "
        + "or 0x and hexadecimal digits"
    ),
    (["--format", "csv"], "The value 'csv' is invalid for '--format <format>': expected table, markdown or json"),
  ])
  func badInputsExitWithUsage(arguments: [String], message: String) async {
    let console = RecordingConsole()
    let code = await Self.driver([StubSuite()], console: console).run(arguments: arguments)
    #expect(code == .usage)
    #expect(code.rawValue == 64)
    #expect(console.error == "Error: \(message)\n" + Self.usageLine)
    #expect(console.output.isEmpty)
  }

  /// A suite's usage error exits 64 in one line, and leaves the last
  /// `SUMMARY.md` as it was instead of writing a page without the suite.
  @Test func aSuiteOptionThatCannotBeFollowedExitsWithUsageInOneLine() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try Data("the last run's page".utf8).write(to: URL(fileURLWithPath: directory.file("SUMMARY.md")))
    var suite = StubSuite()
    suite.behaviour = { _ in throw UsageError("--replay: stub cannot follow t1,u3", usage: "bench stub --replay <s>") }
    let console = RecordingConsole()
    let code = await Self.driver([suite], console: console).run(arguments: ["stub", "--output", directory.path])
    #expect(code == .usage)
    #expect(console.error.contains("Error: --replay: stub cannot follow t1,u3\nUsage: bench stub --replay <s>\n"))
    #expect(try directory.contents(of: "SUMMARY.md") == "the last run's page")
  }

  @Test func anUnwritableOutputDirectoryExitsWithUsage() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = FileManager.default.createFile(atPath: directory.file("file"), contents: Data())
    let console = RecordingConsole()
    let code = await Self.driver([StubSuite()], console: console).run(arguments: ["--output", directory.file("file")])
    #expect(code == .usage)
    #expect(
      console.error == "Error: The output directory '\(directory.file("file"))' cannot be written: '"
        + directory.file("file") + "' is not a directory\n" + Self.usageLine
    )
  }

  @Test func helpGoesToStandardOutput() async {
    let console = RecordingConsole()
    let driver = Self.driver([], console: console)
    #expect(await driver.run(arguments: ["--help"]) == .success)
    #expect(console.output == driver.commandLine.helpText)
    #expect(console.output.hasPrefix("OVERVIEW: Test overview.\n"))
    #expect(console.error.isEmpty)
  }

  @Test func withNoSuitesRegisteredTheRunSaysSoAndSucceeds() async {
    let console = RecordingConsole()
    #expect(await Self.driver([], console: console).run(arguments: []) == .success)
    #expect(console.output == "No suites are registered.\n")
    let listConsole = RecordingConsole()
    #expect(await Self.driver([], console: listConsole).run(arguments: ["list"]) == .success)
    #expect(listConsole.output == "SUITE  DEFAULT  SUMMARY\n-----  -------  -------\n")
  }

  @Test func listShowsSummariesAndDefaults() async {
    let console = RecordingConsole()
    let suites: [any BenchSuite] = [
      StubSuite(name: "parallel-fetch", summary: "Sequential against async let."),
      StubSuite(name: "hop", summary: "Actor hop cost.", runsByDefault: false),
    ]
    #expect(await Self.driver(suites, console: console).run(arguments: ["list"]) == .success)
    #expect(
      console.output == """
        SUITE           DEFAULT  SUMMARY
        --------------  -------  -----------------------------
        parallel-fetch  yes      Sequential against async let.
        hop             no       Actor hop cost.

        """
    )
  }

  static func measuringSuite(violations: [String] = [], regressions: [String] = []) -> StubSuite {
    StubSuite(name: "measure", summary: "Measures a constant.") { context in
      let result = try await context.run(
        [BenchmarkVariant(name: "constant", parameters: [.init("k", "1")], metrics: ["value"]) { [5] }],
        configuration: context.options.runnerConfiguration(
          standard: RunnerConfiguration(iterations: 4), quick: RunnerConfiguration(iterations: 2)
        )
      )
      let headline = ResultTable(columns: ["variant", "p50"], rows: [["constant", "5"]])
      return SuiteReport(
        tables: [
          .init(name: "measure", table: result.summaryTable(bootstrap: context.bootstrap)),
          .init(name: "measure-samples", table: result.samplesTable()),
        ],
        headline: headline,
        notes: ["seed \(context.options.seed)"],
        invariantViolations: violations,
        regressions: regressions,
        isPartial: result.isPartial
      )
    }
  }

  /// A run without `--output` writes inside `.build`, which git ignores,
  /// never over the published run in `Results`; its last line says where
  /// the files are and how to set them beside the published run.
  @Test func aRunSaysWhereItsResultsAreAndLeavesThePublishedRunAlone() async throws {
    #expect(BenchOptions.defaultOutputDirectory == ".build/bench-results")
    #expect(BenchOptions.defaultOutputDirectory.hasPrefix(".build/"), "SwiftPM packages ignore .build")
    #expect(BenchOptions().outputDirectory == ".build/bench-results")
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let console = RecordingConsole()
    let code = await Self.driver([Self.measuringSuite()], console: console)
      .run(arguments: ["--quick", "--output", directory.path])
    #expect(code == .success)
    #expect(
      console.error.hasSuffix(
        "Results in \(directory.path)/ (the published run in Results/ is left as it is); "
          + "`bench compare \(directory.path)` sets them beside it, `--output Results` publishes a run.\n"),
      "\(console.error)")
    #expect(
      BenchDriver.whereTheResultsAre(".build/bench-results").contains("`bench compare` sets them beside it"))
    #expect(BenchDriver.whereTheResultsAre("Results") == "Results published in Results/; git shows what changed.\n")
  }

  @Test func aRunWritesEveryTableWithTheEnvironmentAndPrintsTheHeadline() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let console = RecordingConsole()
    let code = await Self.driver([Self.measuringSuite()], console: console, environment: Fixtures.debugEnvironment)
      .run(arguments: ["--quick", "--output", directory.path, "--seed", "5"])
    #expect(code == .success)
    #expect(
      console.output == """

        measure: Measures a constant.
        variant   p50
        --------  ---
        constant    5
        seed 5

        """
    )
    #expect(console.error.contains("NUMBERS FROM THIS RUN ARE NOT COMPARABLE: this is a debug build."))
    #expect(console.error.contains("Running measure (seed 5, quick); estimated duration: about 3.0 s.\n"))
    let samples = try directory.contents(of: "measure-samples.csv").split(separator: "\n")
    #expect(samples.count == 3)
    #expect(samples[0].hasPrefix("variant,k,iteration,metric,value,env_swift,"))
    #expect(samples[0].hasSuffix(",comparable,partial"))
    #expect(samples[1].hasPrefix("constant,1,0,value,5,6.3.1,debug,"))
    #expect(samples[1].hasSuffix(",false,false"))
    #expect(
      try directory.contents(of: "measure.csv").contains("constant,1,value,2,5,5,5,5,5,5,5,0,5,5,0,0,2,false,false"))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
        "SUMMARY.md", "measure-samples.csv", "measure.csv",
      ])
  }

  @Test(arguments: [
    (["broken"], [], BenchExitCode.invariantViolated, "[measure] INVARIANT VIOLATED: broken\n"),
    ([], ["slower"], .performanceRegression, "[measure] REGRESSION: slower\n"),
    (["broken"], ["slower"], .invariantViolated, "[measure] REGRESSION: slower\n"),
  ])
  func findingsDecideTheExitCode(violations: [String], regressions: [String], expected: BenchExitCode, line: String)
    async throws
  {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let console = RecordingConsole()
    let suite = Self.measuringSuite(violations: violations, regressions: regressions)
    #expect(await Self.driver([suite], console: console).run(arguments: ["--output", directory.path]) == expected)
    #expect(console.error.contains(line))
  }

  @Test func aThrowingSuiteIsAnInternalErrorAndTheOthersStillRun() async throws {
    struct Boom: Error {}
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let console = RecordingConsole()
    let suites: [any BenchSuite] = [StubSuite(name: "boom") { _ in throw Boom() }, Self.measuringSuite()]
    let code = await Self.driver(suites, console: console).run(arguments: ["--output", directory.path])
    #expect(code == .internalError)
    #expect(console.error.contains("Error: suite 'boom' failed: Boom()\n"))
    #expect(FileManager.default.fileExists(atPath: directory.file("measure.csv")))
  }

  @Test func anInterruptKeepsWhatWasMeasuredMarksItPartialAndSkipsTheRest() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let console = RecordingConsole()
    let interrupt = InterruptFlag()
    let first = StubSuite(name: "first") { context in
      let result = try await context.run(
        [
          BenchmarkVariant(name: "v", metrics: ["value"]) {
            context.interrupt.raise()
            return [1]
          }
        ],
        configuration: RunnerConfiguration(iterations: 10)
      )
      return SuiteReport(tables: [.init(name: "first", table: result.samplesTable())], headline: nil, run: result)
    }
    let second = StubSuite(name: "second") { _ in
      Issue.record("the second suite must not run after an interrupt")
      return SuiteReport(tables: [])
    }
    let code = await Self.driver([first, second], console: console, interrupt: interrupt)
      .run(arguments: ["--output", directory.path])
    #expect(code == .interrupted)
    #expect(code.rawValue == 130)
    let lines = try directory.contents(of: "first.csv").split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines[1].hasSuffix(",true,true"))
    #expect(console.error.contains("Interrupted: what was measured was written with partial=true.\n"))
  }

  @Test func jsonFormatPrintsOneDocument() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let console = RecordingConsole()
    let code = await Self.driver([Self.measuringSuite()], console: console)
      .run(arguments: ["--format", "json", "--output", directory.path, "--iterations", "1"])
    #expect(code == .success)
    #expect(
      console.output == """
        {
          "measure": {
            "summary": "Measures a constant.",
            "partial": false,
            "headline": [
              {
                "variant": "constant",
                "p50": "5"
              }
            ],
            "notes": [
              "seed 42"
            ]
          }
        }

        """
    )
    let data = Data(console.output.utf8)
    #expect((try? JSONSerialization.jsonObject(with: data)) != nil)
  }

  @Test func markdownFormatTitlesEachSuite() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let console = RecordingConsole()
    _ = await Self.driver([Self.measuringSuite()], console: console)
      .run(arguments: ["--format=markdown", "--output", directory.path])
    #expect(
      console.output == """
        ### measure

        Measures a constant.

        | variant | p50 |
        | --- | --- |
        | constant | 5 |

        seed 42

        """
    )
  }

  @Test func exitCodesKeepTheMostSevere() {
    #expect(BenchExitCode.success.worse(.performanceRegression) == .performanceRegression)
    #expect(BenchExitCode.invariantViolated.worse(.performanceRegression) == .invariantViolated)
    #expect(BenchExitCode.interrupted.worse(.invariantViolated) == .invariantViolated)
    #expect(BenchExitCode.internalError.worse(.invariantViolated) == .internalError)
    #expect(BenchExitCode.allCases.map(\.rawValue) == [0, 1, 2, 3, 64, 70, 130])
  }
}
