import IsolationChecks
import ProfileScene

/// One fixture of the checker's: a screen or an interactor, flawed or
/// correct, with what a run on it needs and what it must find.
package struct FlawFixture: Sendable {
  /// The screen's name, or `interactor: ` and the mutant's name.
  package var name: String
  /// `screen` or `interactor`.
  package var kind: String
  /// The actions (taps) per trial the flaw needs.
  package var actions: Int
  /// The forbidden outcome the flaw must produce; `nil` for a correct
  /// fixture, and for a flawed interactor whose flaw shows as something
  /// else (a failed resource check, a missing parallel fetch) or is hidden
  /// by the scene's view.
  package var outcome: ScreenOutcome?
  /// Runs systematic mode on the fixture with a configuration and options.
  package var run: @MainActor @Sendable (CheckConfiguration, SystematicOptions) async throws -> ScreenReport
}

extension FlawFixture {
  /// A screen fixture, checked through its description.
  static func screen<Model>(
    _ description: ScreenDescription<Model>, _ outcome: ScreenOutcome?, actions: Int = 2
  ) -> FlawFixture {
    FlawFixture(
      name: description.name, kind: "screen", actions: actions, outcome: outcome,
      run: { try await ScreenChecker(description, configuration: $0).runSystematic($1) })
  }

  /// An interactor fixture, checked as the mutation tests check a mutant,
  /// in the profile scene as shipped: behind the view that drops whatever
  /// an outdated request presents, the one view the corrected interactors
  /// pass behind in every configuration, taps before presentations too.
  static func interactor(_ mutant: Mutant, _ outcome: ScreenOutcome?, actions: Int = 2) -> FlawFixture {
    FlawFixture(
      name: "interactor: \(mutant.name)", kind: "interactor", actions: actions, outcome: outcome,
      run: { configuration, options in
        let scene = SceneUnderTest(mutant.name, policy: .latestRequestOnly, makeInteractor: mutant.makeInteractor)
        return await RefetchChecker(scene: scene, configuration: configuration).runSystematic(options)
      })
  }
}

/// Every fixture of the checker's, flawed and correct: what the checker's
/// power is measured on.
package enum FlawCatalogue {
  /// The flawed fixtures: each screen flaw seen in public apps' reloading
  /// screens, and each mutant of the corrected interactor.
  package static let flawed: [FlawFixture] =
    [
      .screen(FixtureScreens.spinnerOff, .spinnerOff),
      .screen(FixtureScreens.refilling, .refilled),
      .screen(FixtureScreens.untiedPaging, .foreignPage, actions: 3),
      .screen(FixtureScreens.liveKey, .wrongResults),
      .screen(FixtureScreens.skippingRefresh, .lost),
      .screen(FixtureScreens.debounceLeak, .staleFlash),
      .screen(FixtureScreens.restartOnlyDetail, .staleFlash),
      .screen(FixtureScreens.leakingPageFeed, .staleFlash, actions: 3),
      .screen(FixtureScreens.offMainCheckSearch, .staleFlash),
      .screen(FixtureScreens.racingLiveKey, .wrongResults, actions: 3),
      .screen(FixtureScreens.reloadFeed, .staleFlash),
      // Three calls an action, at three actions: more orderings than an
      // exhaustive run makes within its budget.
      .screen(FixtureScreens.restartOnlyRepository, .staleFlash, actions: 3),
    ] + Mutant.catalogue.map { .interactor($0, outcome(of: $0)) }

  /// The correct counterparts: each screen flaw's correct twin, and the
  /// corrected interactors.
  package static let correct: [FlawFixture] = [
    .screen(FixtureScreens.correctSearch, nil, actions: 3),
    .screen(FixtureScreens.correctLiveKey, nil),
    .screen(FixtureScreens.correctFeed, nil),
    .screen(FixtureScreens.guardedDetail, nil),
    .screen(FixtureScreens.infiniteFeed, nil, actions: 3),
    .screen(FixtureScreens.completionSearch, nil),
    .screen(FixtureScreens.guardedRepository, nil, actions: 3),
    .interactor(.corrected, nil),
    .interactor(.mainActorCorrected, nil),
  ]

  /// The outcome `mutant`'s flaw produces in the scene as shipped; `nil`
  /// where the flaw shows as something else, or not at all behind that view.
  private static func outcome(of mutant: Mutant) -> ScreenOutcome? {
    switch mutant.name {
    case "awaits before cancelling": .lost
    // Also a display outside the tap's tasks.
    case "presents from a detached task": .lost
    // With late responses only.
    case "labels the response after the await", "mixes parts of two loads": .wrongProfile
    // "never cancels" and "main actor, an unstructured task per call": superseded
    // requests not cancelled, a failed resource check. "fetches sequentially":
    // every outcome right, only slower, caught by the parallel-fetch probe.
    // "checks cancellation before the fetch" and "catches only
    // CancellationError": what they show is an outdated request's, which the
    // view drops; caught behind the guide's view only.
    default: nil
    }
  }
}
