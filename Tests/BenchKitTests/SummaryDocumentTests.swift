import BenchKit
import Foundation
import Testing

@Suite struct SummaryDocumentTests {
  static let section = SummaryDocument.Section(
    name: "parallel-fetch",
    summary: "async let against sequential.",
    headline: ResultTable(columns: ["variant", "p50"], rows: [["async let", "5.1 ms"], ["a|b", "1 ms"]]),
    notes: ["The target is met."],
    tables: ["parallel-fetch", "parallel-fetch-samples"],
    charts: ["parallel-fetch-speedup", "parallel-fetch-overhead"],
    isPartial: false
  )

  @Test func matchesTheGoldenPage() {
    let document = SummaryDocument(
      environment: Fixtures.releaseEnvironment, seed: 42, quick: false,
      sections: [
        Self.section,
        .init(
          name: "other", summary: "No headline.", headline: nil, notes: [], tables: [], charts: [], isPartial: true),
      ],
      interrupted: false)
    #expect(
      document.render() == """
        # Results

        Written by `bench` (seed 42) at 2025-01-31T09:30:00Z. Every suite's CSV files are beside this page; \
        the charts are drawn into `plots/` by `.venv/bin/python scripts/plot.py` (see the README for the one-line setup).

        ## Environment

        | what | value |
        | --- | --- |
        | Swift | 6.3.1, release build |
        | sanitizer | none |
        | OS | Ubuntu 24.04 LTS, Linux 6.8.0 x86_64 |
        | CPU | Example CPU, 3.0GHz, 2 logical CPUs |
        | timer slack | 50000 ns |
        | clock | read 20.5 ns, resolution 10 ns observed |
        | host | build-1 |
        | commit | abc1234 |
        | comparable | yes |

        ## parallel-fetch

        async let against sequential.

        | variant | p50 |
        | --- | --- |
        | async let | 5.1 ms |
        | a\\|b | 1 ms |

        - The target is met.

        Data: [parallel-fetch.csv](parallel-fetch.csv), [parallel-fetch-samples.csv](parallel-fetch-samples.csv).

        Charts:

        - [parallel-fetch-speedup](plots/parallel-fetch-speedup.png)
        - [parallel-fetch-overhead](plots/parallel-fetch-overhead.png)

        ## other

        No headline.

        **Partial**: the suite stopped before measuring everything.

        """)
  }

  @Test func aDebugInterruptedQuickRunSaysSoAtTheTop() {
    let document = SummaryDocument(
      environment: Fixtures.debugEnvironment, seed: 7, quick: true, sections: [], interrupted: true)
    #expect(
      document.render().hasPrefix(
        """
        # Results

        Written by `bench` (seed 7, --quick) at 2025-01-31T09:30:00Z. Every suite's CSV files are beside this page; \
        the charts are drawn into `plots/` by `.venv/bin/python scripts/plot.py` (see the README for the one-line setup).

        > **NOT COMPARABLE: numbers from a debug build; build with swift build -c release.**

        > **Interrupted**: the run was stopped with Ctrl-C; what was measured is marked `partial=true`.

        """))
  }

  /// A run that includes every default suite writes it, with a section for
  /// each suite that ran, opt-in ones too; a run that leaves out a default
  /// suite does not (its page would leave out suites and mix runs).
  @Test func theDriverWritesItAfterARunOfEveryDefaultSuiteOnly() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var suite = DriverTests.measuringSuite()
    suite.charts = ["measure-chart"]
    let console = RecordingConsole()
    let driver = DriverTests.driver([suite, StubSuite(name: "optional", runsByDefault: false)], console: console)
    #expect(await driver.run(arguments: ["--quick", "--output", directory.path]) == .success)
    let page = try directory.contents(of: "SUMMARY.md")
    #expect(page.contains("\n## measure\n\nMeasures a constant.\n\n| variant | p50 |\n"))
    #expect(page.contains("- [measure-chart](plots/measure-chart.png)\n"))
    #expect(!page.contains("optional"))
    #expect(console.error.contains("wrote \(directory.file("SUMMARY.md"))\n"))

    let withOptIn = try TemporaryDirectory()
    defer { withOptIn.remove() }
    #expect(await driver.run(arguments: ["optional", "measure", "--quick", "--output", withOptIn.path]) == .success)
    let fuller = try withOptIn.contents(of: "SUMMARY.md")
    #expect(fuller.contains("\n## measure\n"))
    #expect(fuller.contains("\n## optional\n"))

    let optInOnly = try TemporaryDirectory()
    defer { optInOnly.remove() }
    #expect(await driver.run(arguments: ["optional", "--quick", "--output", optInOnly.path]) == .success)
    #expect(!FileManager.default.fileExists(atPath: optInOnly.file("SUMMARY.md")))
  }
}
