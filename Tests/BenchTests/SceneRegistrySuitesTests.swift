import BenchKit
import MockNetwork
import ProfileScene
import Testing

@testable import BenchSuites
@testable import IsolationChecks

/// The suites run whatever interactors the registry holds, beside the shipped ones.
@Suite struct SceneRegistrySuitesTests {
  /// The shipped registry plus an interactor that never presents, registered
  /// as an outside package would register its own, claiming the corrected contract.
  static var scenesWithASilentOne: SceneRegistry {
    var scenes = SceneRegistry.shipped
    scenes.register("silent", design: .corrected) { _, _ in NeverPresentsInteractor() }
    return scenes
  }

  @Test func refetchCancelChecksEveryRegisteredInteractorAndReplaysItsVariants() throws {
    let suite = try #require(
      Bench.suites(scenes: Self.scenesWithASilentOne).first { $0.name == "refetch-cancel" } as? RefetchCancelSuite)
    #expect(suite.variants.count == 20)
    #expect(suite.summary == "Tap refresh again: what the user sees, for 20 scene variants, stress and systematic.")
    let (variant, _) = try RefetchVariant.parseReplay(
      "silent/latest-request-only/url-session:t1,t2,u2,p2", in: Self.scenesWithASilentOne)
    #expect(variant.interactor.name == "silent" && variant.isCorrectedScene)
    #expect(throws: ScheduleParseError.self) {
      try RefetchVariant.parseReplay("silent/latest-request-only/url-session:t1,t2,u2,p2")
    }
  }

  /// The checker's run of a registered variant is tested with the other
  /// trials (`RegisteredSceneCheckTests`); here, its report in the suite's tables.
  @Test func aRegisteredInteractorThatBreaksTheContractFailsTheRun() throws {
    let variant = try #require(
      RefetchVariant(name: "silent/latest-request-only/url-session", in: Self.scenesWithASilentOne))
    var report = ScreenReport(
      sceneName: variant.scene.name, configuration: CheckConfiguration(actions: 2),
      contract: SceneUnderTest.contract, mode: .stress, seed: 1)
    report.trials = 10
    report.counts = [.lost: 10]
    let tables = RefetchCancelTables.report(
      [RefetchCancelRun(variant: variant, report: report)], httpRuns: [], suite: "refetch-cancel", isPartial: false)
    #expect(tables.invariantViolations.count == 1, "a corrected design's forbidden outcome fails the run")
    #expect(tables.notes.contains { $0.contains("fail the run for silent/latest-request-only ") }, "\(tables.notes)")
    #expect(tables.verboseNotes?.contains { $0.contains("(silent/latest-request-only)") } == true)
  }

  @Test func aRegistryWithARefusedNameStopsBenchWithOneLine() {
    var scenes = SceneRegistry.shipped
    scenes.register("My Interactor", makeInteractor: InteractorVariant.corrected.factory)
    #expect(
      Bench.registryError(scenes)
        == "Error: the scene registry: the interactor name \"My Interactor\" is not kebab case (lowercase letters, digits, single hyphens)"
    )
    #expect(Bench.registryError(.shipped) == nil)
  }

  @MainActor
  @Test func aSceneLoadEndsAtTheDisplayNoSoonerThanItsSlowerRequest() async throws {
    let probe = SceneLoadProbe(
      InteractorVariant.corrected.registered, latency: .milliseconds(1), dataset: MockDataset(), seed: 7)
    let sample = try await probe.load()
    #expect(sample.ideal >= 1e6 && sample.elapsed >= sample.ideal)
  }

  @MainActor
  @Test func aSceneLoadOfAnInteractorThatNeverPresentsFailsWithItsNameWithinTheBound() async {
    let silent = RegisteredInteractor(name: "silent", design: .corrected) { _, _ in NeverPresentsInteractor() }
    let probe = SceneLoadProbe(
      silent, latency: .zero, dataset: MockDataset(), seed: 7, bound: .milliseconds(100))
    await #expect {
      _ = try await probe.load()
    } throws: { error in
      (error as? SceneLoadError)?.description
        == "the interactor silent showed nothing within 0.1 seconds of a tap on refresh"
    }
  }
}
