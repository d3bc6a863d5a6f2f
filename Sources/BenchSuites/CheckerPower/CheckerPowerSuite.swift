import BenchKit
import CheckerFixtures
import Foundation
import ScreenChecks

/// Suite `checker-power`: the checker's own power, SCTBench's table for it.
/// Every flaw fixture of the package (the screens of the checker's tests,
/// each with one flaw seen in public apps, and the mutant interactors of
/// the profile scene) is checked by every exploration strategy: every
/// ordering (the default), seeded uniform random orderings, and PCT at
/// depths 2 and 3. For each fixture and strategy it writes how many
/// orderings, and how many seconds of the run, came before the first
/// finding (a forbidden outcome, or a resource check the contract forbids
/// to fail) and, for the sampled strategies, the share of seeds
/// whose sample found it. The correct counterparts are run the same way:
/// a finding there is a false alarm, and an invariant violation (exit 1).
///
/// Opt-in: a few minutes at full size.
struct CheckerPowerSuite: BenchSuite {
  let name = "checker-power"
  let summary =
    "Each flaw fixture under each exploration strategy: orderings and time to the first finding, share of seeds finding it (opt-in)."
  /// The standard options it reads: the number of seeds, and the seed.
  let standardOptions: Set<String> = ["quick", "iterations", "seed"]
  let runsByDefault = false

  /// The strategies compared, in table order.
  static let strategies: [ExplorationStrategy] = [.exhaustive, .random, .pct(depth: 2), .pct(depth: 3)]

  /// How many orderings each sampled run draws.
  static func orderings(quick: Bool) -> Int { quick ? 100 : 300 }

  func estimatedDuration(for options: BenchOptions) -> Duration {
    let seeds = options.iterations(standard: 10, quick: 2)
    // Measured: an exhaustive run of every fixture takes about 60 s in a
    // debug build, a sampled run of 300 orderings about 1 s per fixture.
    let fixtures = FlawCatalogue.flawed.count + FlawCatalogue.correct.count
    return .seconds(60) + .milliseconds(Self.orderings(quick: options.quick) * 3 * fixtures * seeds * 3)
  }

  func run(in context: SuiteContext) async throws -> SuiteReport {
    let seeds = context.options.iterations(standard: 10, quick: 2)
    let orderings = Self.orderings(quick: context.options.quick)
    let fixtures = FlawCatalogue.flawed.map { ($0, true) } + FlawCatalogue.correct.map { ($0, false) }
    var rows: [CheckerPowerRow] = []
    context.progress.report(.phaseStarted(phase: "fixtures × strategies", totalSteps: fixtures.count))
    for (index, (fixture, isFlawed)) in fixtures.enumerated() where !context.interrupt.isRaised {
      for strategy in Self.strategies where !context.interrupt.isRaised {
        rows.append(
          try await CheckerPowerRow.measure(
            fixture, isFlawed: isFlawed, strategy, seeds: strategy == .exhaustive ? 1 : seeds, orderings: orderings,
            firstSeed: context.options.seed))
      }
      context.progress.report(.stepsCompleted(index + 1, of: fixtures.count))
    }
    let table = CheckerPowerTable(rows: rows, seeds: seeds, orderings: orderings)
    return SuiteReport(
      tables: [.init(name: name, table: table.csv)], headline: table.headline, notes: table.notes,
      invariantViolations: table.falseAlarms, isPartial: context.interrupt.isRaised)
  }
}
