import CheckerFixtures
import Foundation
import Observation
import Testing

@testable import ScreenChecks

@Suite struct TimeAccountTests {
  @Test func theCheckersShareIsWhatTheOtherPartsLeaveAndTheSlowestStepIsKept() {
    var first = TimeAccount()
    first.total = .milliseconds(100)
    first.snapshots = .milliseconds(50)
    first.answers = .milliseconds(10)
    first.screenWork = .milliseconds(30)
    first.note("the snapshot closure", .milliseconds(20), after: "q1")
    first.note("a job of the screen's", .milliseconds(5), after: "q1,q2")
    #expect(first.checker == .milliseconds(10))
    #expect(first.slowest == TimeAccount.Step(what: "the snapshot closure", duration: .milliseconds(20), after: "q1"))
    var second = TimeAccount()
    second.total = .milliseconds(40)
    second.note("the answer closure of search1", .milliseconds(30), after: nil)
    first.add(second)
    #expect(first.total == .milliseconds(140))
    #expect(first.slowest?.what == "the answer closure of search1")
    #expect(
      first.summary
        == "time went to: the snapshot closure 50.0 ms, the checker 50.0 ms, the screen's work 30.0 ms, "
        + "answer closures 10.0 ms; slowest step: the answer closure of search1, 30.0 ms")
  }

  @Test func whereAStepRanIsReadOnlyWhenItIsTheSlowestYet() {
    var account = TimeAccount()
    var reads = 0
    func place() -> String {
      reads += 1
      return "q1"
    }
    account.note("a job of the screen's", .milliseconds(5), after: place())
    account.note("a job of the screen's", .milliseconds(1), after: place())
    #expect(reads == 1)
  }

  /// A run stopped by its cap says where its time went: here, to a
  /// snapshot closure far slower than anything else the screen does.
  @MainActor
  @Test func aStoppedRunNamesTheSlowSnapshotClosure() async throws {
    let checker = ScreenChecker(slowSnapshotFeed, configuration: CheckConfiguration(actions: 2))
    let report = try await checker.runSystematic(SystematicOptions(maxSchedules: 2, deepenTo: 0))
    #expect(report.trials == 2)
    let account = report.timeSpent
    // The slowest step takes at least as long as one snapshot (a turn of
    // the main actor may be slower still: other tests' main-actor work
    // runs in it too).
    #expect(account.slowest.map { $0.duration >= .milliseconds(40) } == true, "\(account.summary)")
    #expect(account.snapshots >= .milliseconds(80), "\(account.summary)")
    #expect(account.snapshots > account.screenWork + account.answers, "\(account.summary)")
    #expect(account.total >= account.snapshots + account.screenWork + account.answers)
    #expect(report.table.contains("time went to: the snapshot closure"), "\(report.table)")
  }
}

extension TimeAccountTests {
  /// An answer closure runs inside a job of the screen's: its time is the
  /// answers', not the screen's work too, so the parts add up to no more
  /// than the whole.
  @MainActor
  @Test func anAnswerClosuresTimeIsCountedOnce() async throws {
    let checker = ScreenChecker(slowAnswerFeed, configuration: CheckConfiguration(actions: 2))
    let report = try await checker.runSystematic(SystematicOptions(maxSchedules: 2, deepenTo: 0))
    let account = report.timeSpent
    #expect(account.answers >= .milliseconds(40), "\(account.summary)")
    #expect(account.total >= account.snapshots + account.screenWork + account.answers, "\(account.summary)")
  }
}

/// The correct feed, whose answer closure takes 20 ms.
private let slowAnswerFeed = ScreenDescription(
  "slow-answer", contract: FixtureScreens.feedContract, actions: [.refresh { $0.refresh() }]
) { deps in
  FeedModel(
    feed: deps.endpoint("feed") { content in
      Thread.sleep(forTimeInterval: 0.02)
      return FixtureScreens.feed(content)
    })
} snapshot: { model in
  ScreenSnapshot(results: model.posts.map(\.id), isLoading: model.isRefreshing, error: model.errorMessage)
}

/// The correct feed, seen through a snapshot closure that takes 40 ms:
/// far slower than any other step of a trial.
private let slowSnapshotFeed = ScreenDescription(
  "slow-snapshot", contract: FixtureScreens.feedContract, actions: [.refresh { $0.refresh() }]
) { deps in
  FeedModel(feed: deps.endpoint("feed", answer: FixtureScreens.feed))
} snapshot: { model in
  Thread.sleep(forTimeInterval: 0.04)
  return ScreenSnapshot(results: model.posts.map(\.id), isLoading: model.isRefreshing, error: model.errorMessage)
}

/// A trial still under way when the budget runs out stops at its next
/// settled point and is set aside: the budget bounds the trials, not only
/// the start of each.
@Suite struct BudgetCutTests {
  @MainActor
  @Test func aTrialThatOutlastsTheBudgetIsCutAtASettledPointAndNotGraded() async throws {
    // The first look at the screen, before the trial's first settled
    // point, already takes longer than the whole budget.
    let checker = ScreenChecker(slowSnapshotFeed, configuration: CheckConfiguration(actions: 2))
    let report = try await checker.runSystematic(SystematicOptions(budget: .milliseconds(1), deepenTo: 0))
    #expect(report.stoppedAtBudget)
    #expect(report.trials == 0, "the cut trial is not graded")
    #expect(report.timeSpent.total >= .milliseconds(40), "its time is accounted for: \(report.timeSpent.summary)")
    #expect(report.table.contains("STOPPED AT THE BUDGET"), "\(report.table)")
  }
}

/// A trial's cost grows with its calls, not their square: the checker
/// copies its call records a fixed number of times per trial, never once
/// per step (which made an action of 10,000 calls take about 34 s).
@Suite struct TrialCostTests {
  @MainActor
  private static func recordCopiesPerCall(calls: Int, atOnce: Bool) async throws -> Double {
    let screen = ScreenDescription("many-calls", actions: [.load { $0.load() }]) { deps in
      ManyCallsModel(
        count: calls, atOnce: atOnce,
        item: deps.endpoint("item", key: nil) { (_: Int, answer: AnswerContent) in answer.tokens(1)[0] })
    } snapshot: {
      ScreenSnapshot(results: $0.results)
    }
    let checker = ScreenChecker(screen, configuration: CheckConfiguration(actions: 2))
    // One action, then every call answered in turn (the replay's path ends
    // after its steps, and the trial goes on with the first choice).
    let result = try await checker.replay(
      try ScreenSchedule(parsing: "t1"), skippingUnanswerable: true)
    #expect(result.calls.count == calls)
    return Double(result.recordCopies) / Double(calls)
  }

  @MainActor
  @Test(arguments: [false, true])
  func recordCopiesPerCallDoNotGrowWithTheCalls(atOnce: Bool) async throws {
    let few = try await Self.recordCopiesPerCall(calls: 50, atOnce: atOnce)
    let many = try await Self.recordCopiesPerCall(calls: 400, atOnce: atOnce)
    #expect(many <= few + 1, "\(few) copies per call at 50 calls, \(many) at 400")
  }
}

/// A screen whose one action makes thousands of calls, each of which may
/// be answered first, has more orderings than a `Double` counts: a run
/// stopped before the end says so, and never traps turning the estimate of
/// what was left into an `Int` (it did, on NaN, at 10,000 calls and a
/// small budget). Stopped by its cap, not its budget, so that the runs it
/// made, and so its estimate, do not depend on the machine's speed.
@Suite struct UncountableSpaceTests {
  @MainActor
  @Test func aRunStoppedInASpaceTooLargeToCountReturnsItsReport() async throws {
    let screen = ScreenDescription("many-calls", actions: [.load { $0.load() }]) { deps in
      ManyCallsModel(
        count: 2_000, atOnce: true,
        item: deps.endpoint("item", key: nil) { (_: Int, answer: AnswerContent) in answer.tokens(1)[0] })
    } snapshot: {
      ScreenSnapshot(results: $0.results)
    }
    let checker = ScreenChecker(screen, configuration: CheckConfiguration(actions: 2))
    let report = try await checker.runSystematic(
      SystematicOptions(maxSchedules: 2, budget: .seconds(600), deepenTo: 0))
    #expect(report.trials == 2 && !report.stoppedAtBudget, "\(report.table)")
    #expect(report.orderingsLeft == Int.max, "\(report.table)")
    #expect(report.table.contains("more than 9 × 10^18 left"), "\(report.table)")
  }
}
