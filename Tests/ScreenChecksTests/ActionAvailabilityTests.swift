import CheckerFixtures
import Foundation
import Testing

@testable import ScreenChecks

/// An action the screen offers only sometimes (`when:`) is taken only
/// then: in every ordering, in stress trials, and in replays, where taking
/// it otherwise is an error.
@Suite struct ActionAvailabilityTests {
  /// The infinite feed with a "Try again" button, shown only while an
  /// error shows: a load that refreshes again.
  static func feed(tryAgainOnlyOnError: Bool) -> ScreenDescription<InfiniteFeedModel> {
    let tryAgain = ScreenAction<InfiniteFeedModel>.load { await $0.refresh() }
    return ScreenDescription(
      tryAgainOnlyOnError ? "try-again-feed" : "always-try-again-feed", contract: FixtureScreens.feedContract,
      actions: [
        .refresh { await $0.refresh() }, tryAgainOnlyOnError ? tryAgain.when { $0.errorMessage != nil } : tryAgain,
      ],
      tasks: [.task { await $0.refresh() }],
      make: { deps in
        InfiniteFeedModel(
          page: deps.endpoint("page") { (_: Int, content) in FeedPage(posts: content.tokens(2).map { FeedPost(id: $0) })
          },
          cancelsPageLoad: true)
      },
      snapshot: { ScreenSnapshot(results: $0.posts.map(\.id), isLoading: $0.isLoading, error: $0.errorMessage) })
  }

  @MainActor
  @Test func aReplayTakingAnActionTheScreenDoesNotOfferIsAnError() async throws {
    let checker = ScreenChecker(Self.feed(tryAgainOnlyOnError: true), configuration: CheckConfiguration(actions: 2))
    await #expect(throws: ScreenDescriptionError.self) {
      try await checker.replay(ScreenSchedule(parsing: "page0,t1"))
    }
    // Offered once the load failed.
    let offered = try await checker.replay(ScreenSchedule(parsing: "page0f,t1,page1"))
    #expect(!offered.diverged, "\(offered.transcript)")
    // Always offered, the same schedule is taken.
    let always = ScreenChecker(Self.feed(tryAgainOnlyOnError: false), configuration: CheckConfiguration(actions: 2))
    let taken = try await always.replay(ScreenSchedule(parsing: "page0,t1,page1"))
    #expect(!taken.diverged, "\(taken.transcript)")
  }

  @MainActor
  @Test func everyOrderingTakesTheActionOnlyWhileTheScreenOffersIt() async throws {
    let offeredOnError = try await ScreenChecker(
      Self.feed(tryAgainOnlyOnError: true), configuration: CheckConfiguration(actions: 2)
    ).runSystematic(SystematicOptions(deepenTo: 0))
    let always = try await ScreenChecker(
      Self.feed(tryAgainOnlyOnError: false), configuration: CheckConfiguration(actions: 2)
    ).runSystematic(SystematicOptions(deepenTo: 0))
    #expect(offeredOnError.trials > 0 && offeredOnError.trials < always.trials, "\(offeredOnError.table)")
    #expect(offeredOnError.violations == 0, "\(offeredOnError.table)")
  }

  @MainActor
  @Test func aStressTrialMakesOnlyOfferedActions() async throws {
    // No failures: the button never shows, so every action is a pull.
    let options = StressOptions(trials: 50, seed: 1, failureProbability: 0)
    for (onError, tapsSeen) in [(true, false), (false, true)] {
      let checker = ScreenChecker(
        Self.feed(tryAgainOnlyOnError: onError), configuration: CheckConfiguration(actions: 3))
      let trial = StressTrial(
        screen: checker.checkedScreen, configuration: checker.configuration, options: options, network: .answered)
      var kinds: Set<ActionKind> = []
      for seed in UInt64(1)...50 { kinds.formUnion(await trial.run(seed: seed).actions.map(\.kind)) }
      #expect(kinds.contains(.load) == tapsSeen, "\(kinds)")
    }
  }

  @MainActor
  @Test func aScreenThatOffersNoFirstActionIsToldSo() async {
    let screen = ScreenDescription(
      "nothing-offered", contract: FixtureScreens.feedContract,
      actions: [.refresh { await $0.refresh() }.when { _ in false }],
      make: { deps in
        InfiniteFeedModel(
          page: deps.endpoint("page") { (_: Int, content) in FeedPage(posts: content.tokens(2).map { FeedPost(id: $0) })
          },
          cancelsPageLoad: true)
      },
      snapshot: { ScreenSnapshot(results: $0.posts.map(\.id), isLoading: $0.isLoading, error: $0.errorMessage) })
    await #expect(throws: ScreenDescriptionError.noActionOffered(screen: "nothing-offered", actions: ["refresh"])) {
      try await ScreenChecker(screen, configuration: CheckConfiguration(actions: 2)).checkDescription()
    }
  }
}
