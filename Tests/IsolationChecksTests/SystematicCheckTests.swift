import CheckerFixtures
import IsolationChecks
import MockNetwork
import ProfileScene
import Testing

extension CheckerTrials {
  @Suite struct SystematicCheckTests {
    private static let twoTaps = SystematicOptions(seed: 3)

    @MainActor
    @Test(arguments: CancellationStyle.allCases)
    func correctedSceneShowsNoForbiddenOutcome(_ style: CancellationStyle) async {
      let checker = RefetchChecker(
        scene: .shipped(.corrected, policy: .latestRequestOnly),
        configuration: CheckConfiguration(actions: 2, cancellationStyle: style))
      let report = await checker.runSystematic(Self.twoTaps)
      #expect(report.trials == 90, "every ordering of 2 taps and their answers")
      #expect(report.violations == 0, "\(report.table)")
      #expect(report.count(.latestOnly) == report.trials)
      #expect(report.divergences == 0)
    }

    @MainActor
    @Test func seedSceneShowsStaleFlashesAndSpuriousErrors() async {
      let checker = RefetchChecker(
        scene: .shipped(.guide, policy: .guide),
        configuration: CheckConfiguration(actions: 2, cancellationStyle: .urlSession))
      let report = await checker.runSystematic(Self.twoTaps)
      #expect(report.count(.staleFlash) > 0, "\(report.table)")
      #expect(report.count(.spuriousError) > 0, "\(report.table)")
      #expect(report.violations > 0)
    }

    @MainActor
    @Test func correctedInteractorBehindTheGuidesViewFlashesOnlyWhenATapOvertakesAPresentation() async {
      let scene = SceneUnderTest.shipped(.corrected, policy: .guide)
      let checker = RefetchChecker(scene: scene, configuration: CheckConfiguration(actions: 2))
      let settled = await checker.runSystematic(SystematicOptions(actionsBeforePresentations: false))
      #expect(settled.violations == 0, "\(settled.table)")
      let overtaking = await checker.runSystematic(SystematicOptions())
      #expect(overtaking.count(.staleFlash) > 0, "the fix for this lives on the main actor")
    }

    @MainActor
    @Test func theSameSeedGivesTheSameTable() async {
      let checker = RefetchChecker(
        scene: .shipped(.guide, policy: .guide),
        configuration: CheckConfiguration(actions: 4, cancellationStyle: .urlSession))
      let options = SystematicOptions(seed: 11, exhaustiveActionLimit: 3, randomSchedules: 60)
      let first = await checker.runSystematic(options)
      let second = await checker.runSystematic(options)
      #expect(first.mode == .systematic(exhaustive: false))
      #expect(first.trials == 60)
      #expect(first.counts == second.counts)
      #expect(first.checkFailures == second.checkFailures)
      #expect(
        first.examples.mapValues { $0.map(\.schedule) } == second.examples.mapValues { $0.map(\.schedule) })
    }

    @MainActor
    @Test func everyReplayReproducesItsOutcome() async throws {
      let checker = RefetchChecker(
        scene: .shipped(.guide, policy: .guide),
        configuration: CheckConfiguration(actions: 2, cancellationStyle: .urlSession))
      let report = await checker.runSystematic(Self.twoTaps)
      let examples = report.examples.values.flatMap { $0 }
      #expect(!examples.isEmpty)
      for example in examples {
        let schedule = try #require(example.schedule)
        let replayed = await checker.replay(schedule)
        #expect(!replayed.diverged, "\(schedule)")
        #expect(replayed.verdict == example.verdict, "\(schedule)")
        #expect(replayed.log.map(\.event) == example.log.map(\.event), "\(schedule)")
      }
    }

    @MainActor
    @Test func aHangingInteractorIsReportedLostWithItsScheduleAndDoesNotHangTheChecker() async {
      let interactors = HangingInteractors()
      defer { interactors.releaseAll() }
      let checker = RefetchChecker(
        scene: SceneUnderTest("hanging") { _, _ in interactors.make() },
        configuration: CheckConfiguration(actions: 2, quiescenceTimeout: .milliseconds(200)))
      let report = await checker.runSystematic()
      #expect(report.trials == 1, "with nothing parked, the only choices are the taps")
      #expect(report.count(.lost) == 1)
      #expect(report.notQuiescent == 1)
      #expect(report.examples[.lost]?.first?.schedule?.description == "t1,t2")
    }

    /// A presentation overtaken by a newer one (`h1` … `s1`) leaves the older
    /// profile on the guide's screen, whichever interactor is behind it; the
    /// latest-request-only view drops it. Held or not, the display stays
    /// inside the tap's work and the trial settles.
    @MainActor
    @Test(arguments: [
      (InteractorVariant.guide, ViewPolicy.guide, ScreenOutcome.staleFinal),
      (.corrected, .guide, .staleFinal),
      (.guide, .latestRequestOnly, .latestOnly),
      (.corrected, .latestRequestOnly, .latestOnly),
    ])
    func anOvertakenPresentationIsReplayedAsStaleFinalBehindTheGuidesViewOnly(
      interactor: InteractorVariant, policy: ViewPolicy, expected: ScreenOutcome
    ) async throws {
      let checker = RefetchChecker(
        scene: .shipped(interactor, policy: policy),
        configuration: CheckConfiguration(actions: 2))
      let schedule = try ScreenSchedule(parsing: "t1,u1,p1,h1,t2,u2,p2,s1")
      let replayed = await checker.replay(schedule)
      #expect(!replayed.diverged)
      #expect(replayed.quiescent)
      #expect(replayed.verdict.outcome == expected, "\(replayed.log)")
      #expect(replayed.failedChecks.isEmpty, "\(replayed.failedChecks)")
      #expect(replayed.schedule == schedule)
    }

    @MainActor
    @Test func aScheduleThatDoesNotFitTheSceneIsReportedAsDiverged() async throws {
      let checker = RefetchChecker(scene: .shipped(.corrected, policy: .latestRequestOnly))
      let replayed = await checker.replay(try ScreenSchedule(parsing: "t1,u3,t2"))
      #expect(replayed.diverged)
    }
  }
}
