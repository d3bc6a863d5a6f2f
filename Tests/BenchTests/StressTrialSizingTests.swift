import BenchKit
import Testing

@testable import BenchSuites

/// How the default run sizes each variant's stress trials from its pilot.
@Suite struct StressTrialSizingTests {
  @Test func anEvenSplitNeedsTheMostTrialsForItsMargin() {
    // 1.96² · 0.25 / 0.015² = 4268.4…
    #expect(StressTrialSizing().trials(counts: [250, 250], of: 500) == 4_269)
  }

  @Test func aSingleOutcomeGetsTheFloorAndNarrowMarginsTheCeiling() {
    #expect(StressTrialSizing().trials(counts: [500], of: 500) == 3_000)
    #expect(StressTrialSizing().trials(counts: [490, 10], of: 500) == 3_000)
    var narrow = StressTrialSizing()
    narrow.margin = 0.001
    #expect(narrow.trials(counts: [250, 250], of: 500) == 50_000)
    #expect(StressTrialSizing().trials(counts: [], of: 0) == 50_000)
  }

  @Test func onlyTheDefaultRunSizesFromAPilot() {
    var options = BenchOptions()
    #expect(RefetchCancelPlan(options: options).stressSizing == StressTrialSizing())
    options.thorough = true
    #expect(RefetchCancelPlan(options: options).stressSizing == nil)
    #expect(RefetchCancelPlan(options: options).stress.trials == 50_000)
    options.thorough = false
    options.quick = true
    #expect(RefetchCancelPlan(options: options).stressSizing == nil)
    options.quick = false
    options.iterations = 700
    #expect(RefetchCancelPlan(options: options).stress.trials == 700)
    #expect(RefetchCancelPlan(options: options).stressSizing == nil)
  }

  @Test func thePilotHasItsOwnSeedAndNoReplays() {
    let plan = RefetchCancelPlan(options: BenchOptions())
    let pilot = plan.pilot(StressTrialSizing())
    #expect(pilot.trials == 500)
    #expect(pilot.seed != plan.stress.seed)
    #expect(!pilot.deriveReplays)
    #expect(plan.stress(trials: 3_210).trials == 3_210)
    #expect(plan.stress(trials: 3_210).seed == plan.stress.seed)
  }

  @Test func theEstimateSlowsDownWithTheMachinesLoad() {
    #expect(RefetchCancelPlan.slowdown(load: nil, cores: 2) == 1)
    #expect(RefetchCancelPlan.slowdown(load: 3, cores: 2) == 2.5)
    let plan = RefetchCancelPlan(options: BenchOptions())
    #expect(plan.estimatedDuration(variants: 16, slowdown: 2) > plan.estimatedDuration(variants: 16))
  }
}
