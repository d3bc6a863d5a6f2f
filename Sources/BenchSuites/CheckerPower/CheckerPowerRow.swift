import BenchKit
import CheckerFixtures
import Foundation
import ScreenChecks

/// One fixture under one strategy: what its runs found, and how soon.
struct CheckerPowerRow: Sendable {
  var fixture: String
  var kind: String
  var isFlawed: Bool
  var actions: Int
  var strategy: ExplorationStrategy
  /// How many runs were made (seeds; 1 for the exhaustive strategy).
  var runs: Int
  /// How many of them found something forbidden: an outcome, or a
  /// resource check failed (a superseded call left running).
  var finding: Int
  /// Orderings each run made, in all (every level).
  var orderings: [Int]
  /// For each run that found something: orderings before the first finding, that one included.
  var orderingsToFirst: [Int]
  /// For each run that found something: seconds of the run's trials before it.
  var secondsToFirst: [Double]
  /// Seconds each run took.
  var seconds: [Double]

  /// Runs `fixture` `seeds` times under `strategy`, from `firstSeed` on.
  @MainActor
  static func measure(
    _ fixture: FlawFixture, isFlawed: Bool, _ strategy: ExplorationStrategy, seeds: Int, orderings: Int,
    firstSeed: UInt64
  ) async throws -> CheckerPowerRow {
    var row = CheckerPowerRow(
      fixture: fixture.name, kind: fixture.kind, isFlawed: isFlawed,
      actions: fixture.actions, strategy: strategy, runs: 0, finding: 0, orderings: [], orderingsToFirst: [],
      secondsToFirst: [], seconds: [])
    for run in 0..<seeds {
      let options = SystematicOptions(
        seed: firstSeed &+ UInt64(run), randomSchedules: orderings, strategy: strategy)
      let report = try await fixture.run(CheckConfiguration(actions: fixture.actions), options)
      row.runs += 1
      row.orderings.append(report.trials + report.deeperLevels.reduce(0) { $0 + $1.orderings })
      row.seconds.append(report.elapsed.nanoseconds / 1e9)
      let firsts = [
        (report.orderingsToFirstFinding, report.timeToFirstFinding),
        (report.orderingsToFirstFailedCheck, report.timeToFirstFailedCheck),
      ].compactMap { first, time in first.flatMap { first in time.map { (first, $0) } } }
      if let (first, time) = firsts.min(by: { $0.0 < $1.0 }) {
        row.finding += 1
        row.orderingsToFirst.append(first)
        row.secondsToFirst.append(time.nanoseconds / 1e9)
      } else if let level = report.deeperLevels.first(where: { $0.forbidden > 0 }),
        let first = level.orderingsToFirstFinding, let time = level.timeToFirstFinding
      {
        // Found one level deeper: the orderings of the levels before it count too.
        row.finding += 1
        row.orderingsToFirst.append(report.trials + first)
        row.secondsToFirst.append(time.nanoseconds / 1e9)
      }
    }
    return row
  }
}
