import BenchKit
import Testing

@Suite struct HelpTextTests {
  @Test func helpIsWordForWord() {
    let commandLine = BenchCommandLine(overview: "Measures the scene.", suites: [])
    let expected = """
      OVERVIEW: Measures the scene.

      USAGE: bench [<suite> ...] [<options>]
             bench <subcommand>

      ARGUMENTS:
        <suite>                 A suite to run; repeat to run several (default: the
                                suites marked as default in 'bench list').

      OPTIONS:
        --quick                 Use the smaller iteration counts and latency grids
                                each suite chooses, a smoke test of about 10 s for the
                                default suites (default: off).
        --thorough              Measure the fixed, larger counts instead of stopping
                                each figure once its interval is tight: about 140 s
                                for the default suites on two quiet cores, 300 s on a
                                loaded one (default: off).
        --iterations <n>        Measured iterations per variant, a fixed count instead
                                of a precision target (default: chosen by each suite).
        --warmup <n>            Warm-up iterations per variant, discarded before
                                measuring (default: chosen by each suite).
        --max-time <duration>   Cap on each suite's wall time, like 30s or 500ms
                                (default: chosen by each suite).
        --latency <durations>   Comma-separated simulated latencies, like 1ms,10ms
                                (default: chosen by each suite).
        --jitter                Measure only jittered simulated latencies, not each
                                suite's default mix (default: off).
        --seed <n>              Seed of every random choice, so that a run can be
                                repeated (default: 42).
        --output <directory>    Directory that receives the CSV files and the summary
                                page; Results publishes a run (default:
                                .build/bench-results).
        --format <format>       Format of the results printed to standard output:
                                table, markdown or json (default: table).
        --verbose               Print each suite's long tables and notes instead of
                                its compact table (default: off).
        -h, --help              Show help information.

      SUBCOMMANDS:
        list                    List the suites, their summaries and whether they run
                                by default.

      """
    #expect(commandLine.helpText == expected)
  }

  @Test func everyOptionsHelpIsOneSentenceWithItsDefault() {
    for option in BenchCommandLine.standardOptions {
      #expect(option.help.hasSuffix(").") && option.help.contains("(default: "), "\(option.name)")
      // One sentence: its only period ends it (a default may be a path with dots of its own).
      let sentence = option.help.components(separatedBy: "(default: ")[0]
      #expect(sentence.filter { $0 == "." }.isEmpty, "\(option.name)")
    }
  }

  @Test func declaredOptionsAndSubcommandsJoinTheHelp() {
    let replay = SuiteOption("replay", valueName: "schedule", help: "Replay one recorded schedule", absent: "none") {
      text throws(InvalidValue) in text
    }
    let suite = StubSuite(options: [replay.spec])
    let compare = BenchSubcommand(
      spec: SubcommandSpec(
        "compare", abstract: "Compare two result files.",
        arguments: [ArgumentSpec("baseline", help: "The baseline CSV."), ArgumentSpec("current", help: "The new CSV.")]
      )
    ) { _ in .success }
    let help = BenchCommandLine(overview: "O.", suites: [suite], subcommands: [compare]).helpText
    #expect(help.contains("  --replay <schedule>     Replay one recorded schedule (default: none).\n"))
    #expect(help.contains("  compare                 Compare two result files.\n"))
  }

  @Test func longLabelsPutTheirHelpOnTheNextLine() {
    let entry = HelpFormatter.help(
      for: CommandSpec(
        name: "tool", overview: "O.", arguments: [],
        options: [
          SuiteOption("a-very-long-option-name", valueName: "value", help: "Does it", absent: "no") {
            text throws(InvalidValue) in text
          }.spec
        ],
        subcommands: []
      )
    )
    #expect(entry.contains("  --a-very-long-option-name <value>\n                          Does it (default: no).\n"))
  }
}
