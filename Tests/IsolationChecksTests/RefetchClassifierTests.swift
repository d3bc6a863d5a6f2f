import IsolationChecks
import ProfileScene
import Testing

@Suite struct RefetchClassifierTests {
  private static func request(_ id: UInt64) -> ProfileRequest {
    ProfileRequest(userId: String(id), id: RequestID(id))
  }

  private static func tap(_ id: UInt64) -> ObservedViewEvent {
    ObservedViewEvent(.tapped(request(id)))
  }

  private static func profile(_ id: UInt64, inside: Bool = true) -> ObservedViewEvent {
    let viewModel = ProfileViewModel(
      request: request(id), displayName: "User \(id)", email: "", postCount: "0 posts", posts: [])
    return ObservedViewEvent(.showedProfile(viewModel), insideTapWork: inside)
  }

  private static func error(_ id: UInt64, _ message: String = "The server answered 500. Please try again.")
    -> ObservedViewEvent
  {
    ObservedViewEvent(.showedError(message: message, request: request(id)))
  }

  private static func dropped(_ id: UInt64) -> ObservedViewEvent {
    ObservedViewEvent(.dropped(request(id)))
  }

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var log: [ObservedViewEvent]
    var failed: Set<UInt64> = []
    var quiescent = true
    var outcome: ScreenOutcome
    var observed: Set<ScreenOutcome>

    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "only the last profile after the last tap", log: [tap(1), profile(1), tap(2), profile(2)],
      outcome: .latestOnly, observed: [.latestOnly]),
    Case(
      name: "a dropped presentation is not seen", log: [tap(1), tap(2), dropped(1), profile(2)],
      outcome: .latestOnly, observed: [.latestOnly]),
    Case(
      name: "the last request's genuine error is its result", log: [tap(1), tap(2), error(2)], failed: [2],
      outcome: .latestOnly, observed: [.latestOnly]),
    Case(
      name: "an older profile after a later tap", log: [tap(1), tap(2), profile(1), profile(2)],
      outcome: .staleFlash, observed: [.staleFlash]),
    Case(
      name: "an older genuine error after a later tap", log: [tap(1), tap(2), error(1), profile(2)],
      failed: [1], outcome: .staleFlash, observed: [.staleFlash]),
    Case(
      name: "the screen ends on an older profile", log: [tap(1), tap(2), profile(2), profile(1)],
      outcome: .staleFinal, observed: [.staleFinal, .staleFlash]),
    Case(
      name: "the last request never shown", log: [tap(1), profile(1), tap(2)],
      outcome: .lost, observed: [.lost]),
    Case(
      name: "an older profile and nothing else after the last tap", log: [tap(1), tap(2), profile(1)],
      outcome: .staleFinal, observed: [.staleFinal, .staleFlash, .lost]),
    Case(
      name: "an error for a request that did not fail", log: [tap(1), tap(2), error(1), profile(2)],
      outcome: .spuriousError, observed: [.spuriousError]),
    Case(
      name: "a cancellation's message, even for a request that failed",
      log: [tap(1), tap(2), error(1, "Something went wrong. Please try again."), profile(2)], failed: [1],
      outcome: .spuriousError, observed: [.spuriousError]),
    Case(
      name: "the last profile twice", log: [tap(1), tap(2), profile(2), profile(2)],
      outcome: .duplicate, observed: [.duplicate]),
    Case(
      name: "the last profile shown only from outside the tap's work",
      log: [tap(1), tap(2), profile(2, inside: false)], outcome: .lost, observed: [.lost]),
    Case(
      name: "a scene that never became quiescent", log: [tap(1), tap(2), profile(2)], quiescent: false,
      outcome: .lost, observed: [.lost]),
    Case(name: "no tap at all", log: [], outcome: .lost, observed: [.lost]),
  ]

  @Test(arguments: cases)
  func classifies(_ testCase: Case) {
    let verdict = RefetchClassifier.classify(
      RefetchClassifier.Input(
        log: testCase.log, failedRequests: Set(testCase.failed.map(RequestID.init)),
        quiescent: testCase.quiescent))
    #expect(verdict.outcome == testCase.outcome)
    #expect(verdict.observed == testCase.observed)
  }

  @Test func precedenceRunsFromWhatTheUserIsLeftWithToAPassingGlitch() {
    #expect(
      ScreenOutcome.precedence.filter(SceneUnderTest.contract.outcomes.contains) == [
        .wrongProfile, .spuriousError, .staleFinal, .lost, .staleFlash, .duplicate, .latestOnly,
      ])
    #expect(ScreenVerdict(observed: [.duplicate, .staleFlash, .spuriousError]).outcome == .spuriousError)
    #expect(ScreenVerdict(observed: []).outcome == .latestOnly)
  }

  @Test func theContractForbidsAllButLatestOnlyAndDuplicate() {
    let contract = ScreenExpectation.contract
    #expect(contract.grade(.latestOnly) == .acceptable)
    #expect(contract.grade(.duplicate) == .interesting)
    for outcome in [ScreenOutcome.staleFlash, .staleFinal, .lost, .spuriousError] {
      #expect(contract.grade(outcome) == .forbidden)
    }
    for check in ResourceCheck.allCases {
      #expect(contract.grade(check) == .forbidden)
    }
    #expect(contract.grading(.staleFlash, as: .interesting).grade(.staleFlash) == .interesting)
  }
}
