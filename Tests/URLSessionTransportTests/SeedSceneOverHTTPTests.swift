import Foundation
import LoopbackTestSupport
import ProfileScene
import SceneTestSupport
import Testing
import URLSessionTransport

/// The guide's spurious error, over a real URLSession instead of the mock.
///
/// The guide's interactor cancels the previous load on refresh and ignores
/// `catch is CancellationError`. URLSession reports the cancellation as
/// `URLError(.cancelled)`, which that `catch` misses, so the user sees an
/// error for a load they superseded themselves.
///
/// The schedule is fixed by signals, not sleeps: the server hangs the first
/// posts request only (`--hang-route posts --hang-count 1`); the second tap
/// comes once `/__stats` shows that request in flight, so the first load is
/// certainly cancelled mid-request; every later request is answered at once.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct SeedSceneOverHTTPTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var assemble: @MainActor @Sendable (ProfileWorker) -> AssembledScene
    var showsSpuriousError: Bool

    var testDescription: String { name }
  }

  @Test(arguments: [
    Case(name: "seed scene", assemble: SceneAssembly.seedScene(worker:), showsSpuriousError: true),
    Case(name: "corrected scene", assemble: SceneAssembly.correctedScene(worker:), showsSpuriousError: false),
  ])
  func aSupersededLoadsURLErrorCancelledIsShownOnlyByTheSeedScene(_ scenario: Case) async throws {
    try await LoopbackServer.with(["--hang-route", "posts", "--hang-count", "1"]) { server in
      let worker = ProfileWorker(transport: URLSessionTransport(), baseURL: server.baseURL)
      let scene = scenario.assemble(worker)
      let viewController = scene.viewController

      viewController.refresh(userId: "1")
      try await server.waitForStats("the first tap's requests, its posts held") {
        $0.user.completed == 1 && $0.posts.inFlight == 1
      }
      viewController.refresh(userId: "2")

      if scenario.showsSpuriousError {
        try await waitForLog(of: viewController, "the first load's error and the second profile") {
          $0.errorRequests.contains(RequestID(1)) && $0.profileRequests.contains(RequestID(2))
        }
      } else {
        try await waitForLog(of: viewController, "the second profile") { $0.profileRequests.contains(RequestID(2)) }
        await viewController.waitForFetchCalls()
      }
      #if os(Linux)
        // That the cancelled data task closes its connection was observed on
        // Linux (swift-corelibs-foundation); Apple's URLSession documents no such thing.
        try await server.waitForStats("the first posts request cancelled") { $0.posts.disconnected == 1 }
      #endif

      let log = viewController.log
      #expect(log.errorRequests == (scenario.showsSpuriousError ? [RequestID(1)] : []), "log: \(log)")
      #expect(log.profileRequests == [RequestID(2)], "log: \(log)")
      #expect(viewController.profile?.request.id == RequestID(2))
      if scenario.showsSpuriousError {
        // "Something went wrong. Please try again." for the user's own tap.
        #expect(log.errorMessages == [ProfilePresenter.message(for: URLError(.cancelled))])
      }
      let stats = try await server.stats()
      #expect(stats.posts.completed == 1 && stats.user.completed == 2, "stats: \(stats)")
    }
  }
}
