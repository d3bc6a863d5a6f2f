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

  /// An interactor fixture, checked as the mutation tests check a mutant:
  /// in the profile scene as shipped by default (behind the view that
  /// drops whatever an outdated request presents, the one view the
  /// corrected interactors pass behind in every configuration), or under
  /// the probe that reveals its flaw, taps before presentations too.
  static func interactor(_ mutant: Mutant, _ outcome: ScreenOutcome?, probe: MutantProbe = .shipped, actions: Int = 2)
    -> FlawFixture
  {
    FlawFixture(
      name: "interactor: \(mutant.name)\(probe.nameSuffix)", kind: "interactor", actions: actions, outcome: outcome,
      run: { configuration, options in
        var configuration = configuration
        configuration.cancellationStyle = probe.style
        configuration.lateResponses = probe.lateResponses
        let scene = SceneUnderTest(mutant.name, policy: probe.policy, makeInteractor: mutant.makeInteractor)
        return await RefetchChecker(scene: scene, configuration: configuration).runSystematic(options)
      })
  }
}

/// Where a mutant interactor is checked: the view it sits behind, the
/// cancellation its transport throws, and whether answers may outrun
/// cancellation. Each flaw shows under some probe; the shipped scene's
/// view hides a few, which is why the view is there.
package struct MutantProbe: Sendable {
  /// The view policy.
  package var policy: ViewPolicy
  /// What a cancelled request throws.
  package var style: CancellationStyle
  /// Whether an answer may arrive after its request was cancelled.
  package var lateResponses: Bool

  /// The scene as shipped: the view that drops outdated presentations,
  /// cancellation as `CancellationError`, no late answers.
  package static let shipped = MutantProbe(policy: .latestRequestOnly, style: .cancellationError, lateResponses: false)
  /// The scene as shipped, with answers that outrun cancellation.
  package static let lateResponses = MutantProbe(
    policy: .latestRequestOnly, style: .cancellationError, lateResponses: true)
  /// The interactor behind the guide's view (which shows whatever
  /// arrives), cancellation as URLSession throws it.
  package static let guideViewURLSession = MutantProbe(policy: .guide, style: .urlSession, lateResponses: false)
  /// The interactor behind the guide's view, with answers that outrun cancellation.
  package static let guideViewLateResponses = MutantProbe(
    policy: .guide, style: .cancellationError, lateResponses: true)

  /// What the fixture's name says of the probe: nothing for the shipped scene.
  var nameSuffix: String {
    var parts: [String] = []
    if policy == .guide { parts.append("guide's view") }
    if style == .urlSession { parts.append("URLSession's cancellation") }
    if lateResponses { parts.append("late responses") }
    return parts.isEmpty ? "" : " (\(parts.joined(separator: ", ")))"
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
    ] + Mutant.catalogue.compactMap(fixture(of:))

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

  /// `mutant` under the probe that reveals its flaw, with the outcome it
  /// must show there (`nil` where the flaw shows as a failed resource
  /// check); `nil` for "fetches sequentially", whose every outcome is
  /// right, only slower: the parallel-fetch probe's to catch, not the
  /// checker's.
  private static func fixture(of mutant: Mutant) -> FlawFixture? {
    switch mutant.name {
    case "awaits before cancelling": .interactor(mutant, .lost)
    // Also a display outside the tap's tasks.
    case "presents from a detached task": .interactor(mutant, .lost)
    case "labels the response after the await", "mixes parts of two loads":
      .interactor(mutant, .wrongProfile, probe: .lateResponses)
    // What it shows is an outdated request's, which the shipped view drops.
    case "checks cancellation before the fetch": .interactor(mutant, .staleFlash, probe: .guideViewLateResponses)
    case "catches only CancellationError": .interactor(mutant, .spuriousError, probe: .guideViewURLSession)
    case "fetches sequentially": nil
    // "never cancels" and "main actor, an unstructured task per call":
    // superseded requests not cancelled, a failed resource check.
    default: .interactor(mutant, nil)
    }
  }
}
