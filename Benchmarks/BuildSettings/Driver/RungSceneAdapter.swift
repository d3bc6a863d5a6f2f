import BuildSettingsSupport
import Foundation
import ProfileScene

@testable import BuildSettingsScene

/// Puts this build's scene in front of the package's refetch checker.
///
/// The checker drives a scene through the package's types: it taps the
/// package's view controller, which calls a `ProfileScene.ProfileBusinessLogic`,
/// whose presentations it grades through a `ProfileScene.ProfilePresentationLogic`.
/// The adapter stands this build's interactor there, over this build's worker,
/// whose transport forwards to the checker's mock. The checker's grading, its
/// trials and its view are its own; only the interactor and the worker are
/// this build's, so a setting that changes what they do changes the table.
///
/// It needs only the checker's transport and presenter, whatever the
/// checker's factory hands it besides.
enum RungSceneAdapter {
  /// The checker's request the current task serves: bound around each call
  /// to this build's interactor, and inherited by the tasks it starts, so
  /// that a presentation can be traced back to its tap (this build's request
  /// carries only the user id).
  @TaskLocal static var request: ProfileScene.ProfileRequest?

  /// This build's interactor, behind the checker's interface.
  /// - Parameters:
  ///   - transport: the checker's network.
  ///   - presenter: the checker's presenter; held weakly, as the checker asks.
  /// - Returns: the interactor the checker's view controller calls.
  @MainActor
  static func makeInteractor(
    transport: any HTTPTransport, presenter: any ProfileScene.ProfilePresentationLogic
  ) -> any ProfileScene.ProfileBusinessLogic {
    RungInteractorAdapter(transport: transport, presenter: presenter)
  }
}

/// The checker's interactor interface over this build's `ProfileInteractor`.
///
/// - Important: isolated to the main actor, where the checker's view
///   controller calls it from its tap's task, as the guides' view controller
///   calls its interactor; each call goes on to this build's interactor at once.
@MainActor
final class RungInteractorAdapter: ProfileScene.ProfileBusinessLogic {
  private let interactor: BuildSettingsScene.ProfileInteractor
  /// Held here: this build's interactor holds its presenter weakly, as the guides' does.
  private let presenter: RungPresenterAdapter

  init(transport: any HTTPTransport, presenter: any ProfileScene.ProfilePresentationLogic) {
    let adapter = RungPresenterAdapter(forwardingTo: presenter)
    self.presenter = adapter
    interactor = BuildSettingsScene.ProfileInteractor(
      worker: BuildSettingsScene.ProfileWorker(transport: ForwardingSceneTransport(base: transport)),
      presenter: adapter)
  }

  func fetchProfile(request: ProfileScene.ProfileRequest) async {
    let sceneRequest = BuildSettingsScene.ProfileRequest(userId: request.userId)
    let interactor = self.interactor
    await RungSceneAdapter.$request.withValue(request) {
      await interactor.fetchProfile(request: sceneRequest)
    }
  }
}

/// This build's presenter interface in front of the checker's presenter:
/// turns this build's response into the package's, labelled with the tap's
/// request, and forwards it, on the main actor, where it arrived.
@MainActor
final class RungPresenterAdapter: BuildSettingsScene.ProfilePresentationLogic {
  private weak var presenter: (any ProfileScene.ProfilePresentationLogic)?

  init(forwardingTo presenter: any ProfileScene.ProfilePresentationLogic) {
    self.presenter = presenter
  }

  func presentProfile(response: BuildSettingsScene.ProfileResponse) {
    let user = response.user
    let converted = ProfileScene.ProfileResponse(
      request: Self.currentRequest(),
      user: ProfileScene.User(id: user.id, name: user.name, email: user.email, username: user.username),
      posts: response.posts.map { ProfileScene.Post(id: $0.id, userId: $0.userId, title: $0.title, body: $0.body) })
    presenter?.presentProfile(response: converted)
  }

  func presentError(error: any Error) {
    presenter?.presentError(error: error, request: Self.currentRequest())
  }

  /// The request of the task presenting now.
  private static func currentRequest() -> ProfileScene.ProfileRequest {
    guard let request = RungSceneAdapter.request else {
      preconditionFailure("RungPresenterAdapter: a presentation outside any tap's task")
    }
    return request
  }
}

/// This build's network seam over the checker's transport: `GET {path}`
/// against the guides' server, whose mock the checker controls.
///
/// The seam returns a body only, so the status check the guides' `fetchUser`
/// makes happens here, for both requests: a status outside 200–299 is thrown
/// as the package's `ProfileError.unexpectedStatus`, the error the package's
/// worker throws for the same answer, whose message the checker knows for a
/// genuine failure. (Thrown as an error with no message of its own, it would
/// read like a cancellation shown as an error, and be graded as one.) The
/// transport's own errors, cancellation among them, pass through unchanged.
struct ForwardingSceneTransport: SceneTransport {
  static let baseURL = URL(string: "https://jsonplaceholder.typicode.com/")!

  /// The checker's transport.
  let base: any HTTPTransport

  func data(path: String) async throws -> Data {
    guard let url = URL(string: path, relativeTo: Self.baseURL)?.absoluteURL else {
      preconditionFailure("ForwardingSceneTransport: unreadable path \(path)")
    }
    let response = try await base.get(url)
    guard (200..<300).contains(response.statusCode) else {
      throw ProfileScene.ProfileError.unexpectedStatus(response.statusCode)
    }
    return response.body
  }
}
