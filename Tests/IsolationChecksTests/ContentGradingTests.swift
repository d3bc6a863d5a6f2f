import CheckerFixtures
import IsolationChecks
import MockNetwork
import ProfileScene
import Testing

/// Grading by what the screen shows: a profile is the request's whose user it shows.
@Suite struct ContentGradingTests {
  private static let contents: [String: ProfileContent] = [
    "1": ProfileContent(displayName: "Ada Byron", email: "ada@example.com", postIDs: [1]),
    "2": ProfileContent(displayName: "Alan Turing", email: "alan@example.com", postIDs: [2]),
  ]

  private static func tap(_ id: UInt64) -> ObservedViewEvent {
    ObservedViewEvent(.tapped(ProfileRequest(userId: String(id), id: RequestID(id))))
  }

  /// A profile labelled with request `label` that shows `content`.
  private static func profile(label: UInt64, showing content: ProfileContent) -> ObservedViewEvent {
    let viewModel = ProfileViewModel(
      request: ProfileRequest(userId: String(label), id: RequestID(label)), displayName: content.displayName,
      email: content.email, postCount: "\(content.postIDs.count) posts",
      posts: content.postIDs.map { PostCellViewModel(id: $0, title: "t", preview: "p") })
    return ObservedViewEvent(.showedProfile(viewModel))
  }

  private static func grade(_ log: [ObservedViewEvent], byContent: Bool) -> ScreenVerdict {
    RefetchClassifier.classify(RefetchClassifier.Input(log: log, expectedContent: byContent ? contents : [:]))
  }

  @Test func anOlderUsersProfileLabelledAsTheNewestRequestIsAWrongProfile() {
    let user1 = Self.contents["1"]!
    let user2 = Self.contents["2"]!
    let log = [
      Self.tap(1), Self.tap(2), Self.profile(label: 2, showing: user1), Self.profile(label: 2, showing: user2),
    ]
    // By label: the latest request shown twice, allowed.
    #expect(Self.grade(log, byContent: false) == ScreenVerdict(observed: [.duplicate]))
    // By content: user 1 shown after tap 2 under tap 2's label.
    #expect(Self.grade(log, byContent: true) == ScreenVerdict(observed: [.wrongProfile, .staleFlash]))
  }

  @Test func aWrongProfileLeftOnScreenIsAlsoStaleFinalAndTheLatestIsLost() {
    let log = [Self.tap(1), Self.tap(2), Self.profile(label: 2, showing: Self.contents["1"]!)]
    #expect(Self.grade(log, byContent: false) == ScreenVerdict(observed: []))
    #expect(
      Self.grade(log, byContent: true) == ScreenVerdict(observed: [.wrongProfile, .staleFinal, .staleFlash, .lost]))
  }

  @Test func aProfileMixedFromTwoUsersIsNobodysProfile() {
    let mixed = ProfileContent(displayName: "Alan Turing", email: "alan@example.com", postIDs: [1])
    let log = [Self.tap(1), Self.tap(2), Self.profile(label: 2, showing: mixed)]
    #expect(Self.grade(log, byContent: false) == ScreenVerdict(observed: []))
    #expect(Self.grade(log, byContent: true).outcome == .wrongProfile)
    #expect(Self.grade(log, byContent: true).observed.contains(.lost))
  }

  @Test func aProfileWhoseContentMatchesItsLabelIsGradedAsBefore() {
    let log = [Self.tap(1), Self.tap(2), Self.profile(label: 2, showing: Self.contents["2"]!)]
    #expect(Self.grade(log, byContent: true) == ScreenVerdict(observed: []))
    #expect(ScreenOutcome.wrongProfile.description == "wrong-profile")
    #expect(SceneUnderTest.contract.outcomes.last == .wrongProfile)
    #expect(ScreenOutcome.precedence.first == .wrongProfile)
  }
}

extension CheckerTrials {
  /// The checker itself grades by content: an interactor that labels its
  /// response after the `await` shows an older user as the newest request.
  @Suite struct LabelAfterTheAwaitTests {
    @MainActor
    @Test func theCheckerCatchesALabelReadAfterTheAwaitThatLabelGradingPasses() async throws {
      let checker = RefetchChecker(
        scene: SceneUnderTest("labels after the await", policy: .latestRequestOnly) {
          LabelsAfterTheAwaitInteractor(worker: $0, presenter: $1)
        },
        configuration: CheckConfiguration(actions: 2, lateResponses: true))
      let report = await checker.runSystematic(SystematicOptions(injectFailures: false))
      #expect(report.count(.wrongProfile) > 0, "\(report.table)")
      #expect(report.violations > 0)

      let examples = try #require(report.examples[.wrongProfile])
      for example in examples {
        // The same display log, graded by the labels alone as the checker
        // once did: nothing forbidden.
        let byLabel = RefetchClassifier.classify(
          RefetchClassifier.Input(log: example.log, quiescent: example.quiescent))
        #expect(report.grade(byLabel.outcome) != .forbidden, "\(byLabel) for \(example.transcript)")
        // And the replay string reproduces the finding.
        let schedule = try #require(example.schedule)
        let replayed = await checker.replay(schedule)
        #expect(replayed.verdict.outcome == .wrongProfile, "\(replayed.transcript)")
      }
    }

    @MainActor
    @Test func theCorrectedScenesStayLatestOnlyWhenGradedByContent() async {
      for interactor in [InteractorVariant.corrected, .mainActorCorrected] {
        let checker = RefetchChecker(
          scene: .shipped(interactor, policy: .latestRequestOnly),
          configuration: CheckConfiguration(actions: 2, lateResponses: true))
        let report = await checker.runSystematic(SystematicOptions(injectFailures: false))
        #expect(report.count(.latestOnly) == report.trials, "\(report.table)")
      }
    }
  }
}
