import BenchKit
import Foundation
import ScreenChecks
import Testing

@testable import BenchSuites

/// The suites' own options, read through `bench`'s real command line.
@Suite struct SuiteOptionsTests {
  static let commandLine = BenchCommandLine(overview: Bench.overview, suites: Bench.suites(), subcommands: [.compare])

  static func options(_ arguments: [String]) throws -> BenchOptions {
    guard
      case .run(let options, _) = try commandLine.parse(
        arguments + ["--output", FileManager.default.temporaryDirectory.path])
    else {
      Issue.record("expected a run")
      return BenchOptions()
    }
    return options
  }

  @Test func refetchCancelReadsItsDefaultsWhenNothingIsGiven() throws {
    let options = try Self.options(["refetch-cancel"])
    let plan = RefetchCancelPlan(options: options)
    #expect(plan.taps == 2)
    #expect(plan.modes == .both)
    #expect(plan.server == nil)
    #expect(options[RefetchCancelSuite().replayTrial] == nil)
  }

  @Test func refetchCancelReadsTheGivenValuesTyped() throws {
    let options = try Self.options([
      "refetch-cancel", "--taps", "3", "--mode", "systematic", "--base-url", "http://127.0.0.1:8080/api",
      "--replay", "corrected/seed/url-session:t1,t2,u2,p2",
    ])
    let plan = RefetchCancelPlan(options: options)
    #expect(plan.taps == 3)
    #expect(plan.modes == .systematic)
    #expect(plan.server == URL(string: "http://127.0.0.1:8080/api"))
    let trial = try #require(options[RefetchCancelSuite().replayTrial])
    #expect(trial.variant.name == "corrected/seed/url-session")
    #expect(trial.schedule.actionCount == 2)
    #expect(RefetchCancelSuite().estimatedDuration(for: options) == .milliseconds(50))
  }

  /// `--actions` is the option's name; `--taps`, its name before, still works.
  @Test func actionsAndItsOldNameTapsAreOneOption() throws {
    for arguments in [["--actions", "3"], ["--taps", "3"], ["--taps=3"], ["--actions=4", "--taps", "3"]] {
      let options = try Self.options(["refetch-cancel"] + arguments)
      #expect(RefetchCancelPlan(options: options).taps == 3, "\(arguments)")
    }
  }

  /// A shard of stress trials would run them all on every machine: refused
  /// before anything runs.
  @Test func aShardWithoutSystematicModeAloneIsAUsageError() async throws {
    let options = try Self.options(["refetch-cancel", "--shard", "2/4"])
    let context = SuiteContext(
      options: options, environment: BenchEnvironment.capture(clock: ClockCalibration.measure(reads: 100)))
    await #expect(
      throws: UsageError(
        "--shard 2/4 splits systematic mode only; add --mode systematic",
        usage: "bench refetch-cancel --mode systematic --shard i/n")
    ) {
      _ = try await RefetchCancelSuite().run(in: context)
    }
  }

  /// A replay the variant cannot follow is the command line's mistake, in
  /// one line, never another path's verdict.
  @MainActor
  @Test(arguments: [
    ("corrected/seed/url-session:t1,u3,t2", "u3 is not a choice there (the choices were t2, u1, u1f, p1, p1f)"),
    ("corrected/seed/url-session:n1,t2", "n1 is not a choice there (the choices were t1)"),
  ])
  func aReplayTheVariantCannotFollowIsAUsageError(replay: String, missed: String) async throws {
    let options = try Self.options(["refetch-cancel", "--replay", replay])
    let context = SuiteContext(
      options: options, environment: BenchEnvironment.capture(clock: ClockCalibration.measure(reads: 100)))
    await #expect {
      _ = try await RefetchCancelSuite().run(in: context)
    } throws: { error in
      guard let usage = error as? UsageError else { return false }
      return usage.message.hasPrefix("--replay: corrected/seed/url-session cannot follow ")
        && usage.message.contains(": \(missed); replay a schedule from this variant's own report")
        && usage.usage == "bench refetch-cancel --replay '<variant>:<schedule>'"
    }
  }

  @Test func refetchCancelReadsTheStrategy() throws {
    let plan = RefetchCancelPlan(options: try Self.options(["refetch-cancel", "--strategy", "pct-3"]))
    #expect(plan.systematic.strategy == .pct(depth: 3))
    #expect(RefetchCancelPlan(options: try Self.options(["refetch-cancel"])).systematic.strategy == .exhaustive)
  }

  @Test func parallelFetchReadsTheServer() throws {
    let plan = ParallelFetchPlan(options: try Self.options(["parallel-fetch", "--base-url", "https://example.test"]))
    #expect(plan.server == URL(string: "https://example.test"))
  }

  /// The errors the hand-written validators gave, word for word.
  @Test(arguments: [
    (
      ["refetch-cancel", "--taps", "7"], "The value '7' is invalid for '--actions <n>': expected an integer from 2 to 5"
    ),
    (
      ["refetch-cancel", "--actions", "x"],
      "The value 'x' is invalid for '--actions <n>': expected an integer from 2 to 5"
    ),
    (
      ["refetch-cancel", "--preemptions", "9"],
      "The value '9' is invalid for '--preemptions <n>': expected an integer from 0 to 3"
    ),
    (
      ["refetch-cancel", "--strategy", "pct-0"],
      "The value 'pct-0' is invalid for '--strategy <name>': expected exhaustive, random or pct-N with N from 1 to 10"
    ),
    (
      ["refetch-cancel", "--shard", "5/4"],
      "The value '5/4' is invalid for '--shard <i/n>': expected i/n with 1 <= i <= n, like 2/4"
    ),
    (
      ["refetch-cancel", "--mode", "x"],
      "The value 'x' is invalid for '--mode <mode>': expected both, stress or systematic"
    ),
    (
      ["refetch-cancel", "--base-url", "ftp://x"],
      "The value 'ftp://x' is invalid for '--base-url <url>': expected an http:// or https:// URL with a host, "
        + "like http://127.0.0.1:8080"
    ),
    (
      ["refetch-cancel", "--replay", "bad"],
      "The value 'bad' is invalid for '--replay <schedule>': cannot read \"bad\" in the schedule: a replay string "
        + "is <variant>:<schedule>, like corrected/seed/url-session:t1,t2,u2,p2"
    ),
  ])
  func badValuesAreRefusedInOneLine(arguments: [String], message: String) {
    #expect(throws: UsageError(message, usage: "bench [<suite> ...] [<options>]")) {
      try Self.commandLine.parse(arguments)
    }
  }

  @Test func everyOptionOfBenchEndsItsHelpWithItsDefault() {
    for option in Self.commandLine.spec.options {
      #expect(option.help.hasSuffix(").") && option.help.contains(" (default: "), "\(option.name)")
    }
  }

  /// The suites' option sections of `bench --help`, word for word (the
  /// compare section's words are pinned by `CompareCommandTests`).
  @Test func theHelpOfTheSuitesOptionsIsWordForWord() {
    let expected = """
      PARALLEL-FETCH, PRESENTER-HOP AND REFETCH-CANCEL OPTIONS:
        --base-url <url>        Run over real HTTP against this server, like
                                http://127.0.0.1:8080 (default: the in-process mock).

      REFETCH-CANCEL OPTIONS:
        --replay <schedule>     Rerun one systematic trial, given as
                                <variant>:<schedule> from a report, and print its
                                display log (default: off).
        --actions <n>           Actions (the scene's taps) per trial, from 2 to 5; 3
                                explores every 3-tap ordering in under 30 seconds
                                (default: 2; also --taps).
        --preemptions <n>       Systematic mode also explores job orders: up to n
                                times a trial may run a job other than the oldest or
                                tap between two jobs; 0 is off (default: 0).
        --strategy <name>       How systematic mode picks its orderings: exhaustive
                                (every one), random or pct-N (PCT at depth N, 1 to
                                10), the last two 2,000 seeded orderings (200 with
                                --quick) (default: exhaustive).
        --shard <i/n>           Run the i-th of n shares of each exhaustive
                                exploration, for a CI matrix; the shards' CSVs, joined
                                by scripts/join_shards.py, are the whole run's (needs
                                --mode systematic) (default: 1/1).
        --mode <mode>           Which modes to run: both, stress or systematic
                                (default: both).

      SCREEN-SETTINGS OPTIONS:
        --package <path>        The folder of your package, whose own targets are
                                compiled under each setting (default: none).
        --screens <target>      The target of --package holding your screen
                                descriptions; it and the package's targets it imports
                                are compiled (default: none).
        --only <name,name,…>    The screen descriptions of --screens to check and
                                measure, by their names in the target (default: every
                                one the target declares).
        --payload-sizes <n,n,…>
                                Items per answer in each screen's cost run, one series
                                per size; none to check only (default: 10,1000,10000).
        --repetitions <n>       Measurements of each action at each payload size, from
                                1 to 1000 (default: 7).

      COMPARE OPTIONS:
      """
    #expect(Self.commandLine.helpText.contains(expected))
  }
}
