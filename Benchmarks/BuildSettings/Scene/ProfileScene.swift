import BuildSettingsSupport
// The guides' profile scene, compiled by the build-settings suite once per
// concurrency setting (Benchmarks/BuildSettings/README.md). It is not a
// target of the package: under some settings it does not compile, and that
// is one of the things the suite measures.
//
// Isolation annotations stand exactly where the guides put them and nowhere
// else: Sendable models, a stateless `ProfileWorker` struct with plain
// `async` methods, an `actor` interactor, a `@MainActor` presenter and view
// controller. The differences from the guides' text, none of them an
// isolation annotation:
// - the worker calls a `SceneTransport` (the mock network) instead of
//   `URLSession`, and the view controller is headless (no UIKit here);
// - the presenter is passed to the interactor's `init`: the guides'
//   `interactor.presenter = presenter` from the main actor mutates an actor's
//   property from outside, which no language mode accepts;
// - `ProfilePresentationLogic` and `ProfileBusinessLogic` refine `Sendable`,
//   or Swift 6 refuses `await presenter?.presentProfile(…)` from the actor and
//   `await interactor?.fetchProfile(…)` from the view controller's task (the
//   package's own scene makes the same changes); with `-D GUIDE_AS_WRITTEN`
//   they are left out, as the guides write them, for the suite's
//   diagnostics-only pass over the guides' text;
// - probe calls (`StageProbe`) at the four stages the suite places, and
//   around the interactor's `await presenter?.presentProfile(…)`, whose
//   stamps, with the presenter's first probe, time the hop to the presenter
//   and back;
// - with `-D BUILD_SETTINGS_FIX` (the fix rung), the worker's two fetches are
//   `@concurrent` and the two decoded models `nonisolated`: the smallest
//   change found that puts the worker's work back where the guides mean it
//   to run under Xcode 26's defaults (`@concurrent` alone does not compile
//   there: the models' `Decodable` conformances are main-actor isolated).
// - the view controller keeps the presenter alive: the guides' interactor
//   holds it weakly and nothing else holds it, so it would be freed at the
//   end of `setupVIP()`;
// The router is left out: it only navigates, and no stage runs in it.
import Foundation

// MARK: - Models

struct ProfileRequest: Sendable {
  let userId: String
}

struct ProfileResponse: Sendable {
  let user: User
  let posts: [Post]
}

struct ProfileViewModel: Sendable {
  let displayName: String
  let email: String
  let postCount: String
  let posts: [PostCellViewModel]
}

struct PostCellViewModel: Sendable {
  let id: Int
  let title: String
  let preview: String
}

#if BUILD_SETTINGS_FIX
  // The fix, part 1: under default MainActor isolation the models' `Decodable`
  // conformances are main-actor isolated, and a `@concurrent` fetch cannot
  // decode them; `nonisolated` makes them plain values again.
  nonisolated struct User: Decodable, Sendable {
    let id: Int
    let name: String
    let email: String
    let username: String
  }

  nonisolated struct Post: Decodable, Sendable {
    let id: Int
    let userId: Int
    let title: String
    let body: String
  }
#else
  struct User: Decodable, Sendable {
    let id: Int
    let name: String
    let email: String
    let username: String
  }

  struct Post: Decodable, Sendable {
    let id: Int
    let userId: Int
    let title: String
    let body: String
  }
#endif

// MARK: - Worker

// Worker: stateless, plain async functions; no actor, no mutable state.
struct ProfileWorker {
  private let transport: any SceneTransport
  private let decoder = JSONDecoder()

  init(transport: any SceneTransport) {
    self.transport = transport
  }

  // The fix, part 2: `@concurrent` runs the fetch on the global executor,
  // whatever the caller's actor, as a `nonisolated async` method did before
  // Swift 6.2.
  #if BUILD_SETTINGS_FIX
    @concurrent
  #endif
  func fetchUser(id: String) async throws -> User {
    let isolation = #isolation
    StageProbe.record(.networkWait, isolation: isolation)
    let data = try await transport.data(path: "users/\(id)")
    return try StageProbe.measure(.decoding, isolation: isolation) {
      try decoder.decode(User.self, from: data)
    }
  }

  #if BUILD_SETTINGS_FIX
    @concurrent
  #endif
  func fetchPosts(userId: Int) async throws -> [Post] {
    let isolation = #isolation
    StageProbe.record(.networkWait, isolation: isolation)
    let data = try await transport.data(path: "posts?userId=\(userId)")
    return try StageProbe.measure(.decoding, isolation: isolation) {
      try decoder.decode([Post].self, from: data)
    }
  }
}

enum ProfileError: Error, LocalizedError {
  case networkError
  case notFound

  var errorDescription: String? {
    switch self {
    case .networkError: return "Connection problem, try again."
    case .notFound: return "Profile not found."
    }
  }
}

// MARK: - Interactor

// The interactor is an actor: it protects the business logic's state.
actor ProfileInteractor {
  weak var presenter: ProfilePresentationLogic?
  private let worker: ProfileWorker

  private var currentRequest: ProfileRequest?
  private var loadingTask: Task<Void, Never>?

  init(worker: ProfileWorker, presenter: ProfilePresentationLogic?) {
    self.worker = worker
    self.presenter = presenter
  }

  func fetchProfile(request: ProfileRequest) async {
    // Cancel the previous request if it is still running.
    loadingTask?.cancel()
    currentRequest = request

    loadingTask = Task {
      do {
        // Fetch the user and the posts in parallel.
        async let user = worker.fetchUser(id: request.userId)
        async let posts = worker.fetchPosts(userId: Int(request.userId) ?? 0)

        let (fetchedUser, fetchedPosts) = try await (user, posts)

        let isolation = #isolation
        let response: ProfileResponse? = StageProbe.measure(.bookkeeping, isolation: isolation) {
          // Check for cancellation before handing over to the presenter.
          guard !Task.isCancelled else { return nil }
          return ProfileResponse(user: fetchedUser, posts: fetchedPosts)
        }
        guard let response else { return }

        // Hops to the main actor: the protocol is @MainActor.
        StageProbe.record(.presenterCall, isolation: isolation)
        await presenter?.presentProfile(response: response)
        StageProbe.record(.presenterReturn, isolation: isolation)
      } catch is CancellationError {
        // Cancelled: ignore.
      } catch {
        await presenter?.presentError(error: error)
      }
    }
  }
}

#if GUIDE_AS_WRITTEN
  protocol ProfileBusinessLogic: AnyObject {
    func fetchProfile(request: ProfileRequest) async
  }
#else
  protocol ProfileBusinessLogic: AnyObject, Sendable {
    func fetchProfile(request: ProfileRequest) async
  }
#endif

extension ProfileInteractor: ProfileBusinessLogic {}

// MARK: - Presenter

// The presenter runs on the main actor.
@MainActor
class ProfilePresenter {
  weak var viewController: ProfileDisplayLogic?

  func presentProfile(response: ProfileResponse) {
    let isolation = #isolation
    let viewModel = StageProbe.measure(.formatting, isolation: isolation) {
      let postViewModels = response.posts.map { post in
        PostCellViewModel(
          id: post.id,
          title: post.title,
          preview: String(post.body.prefix(80)).appending("...")
        )
      }
      return ProfileViewModel(
        displayName: response.user.name,
        email: response.user.email,
        postCount: "\(response.posts.count) posts",
        posts: postViewModels
      )
    }
    viewController?.displayProfile(viewModel: viewModel)
  }

  func presentError(error: Error) {
    let message =
      (error as? LocalizedError)?.errorDescription
      ?? "Something went wrong. Please try again."
    viewController?.displayError(message: message)
  }
}

#if GUIDE_AS_WRITTEN
  @MainActor
  protocol ProfilePresentationLogic: AnyObject {
    func presentProfile(response: ProfileResponse)
    func presentError(error: Error)
  }
#else
  @MainActor
  protocol ProfilePresentationLogic: AnyObject, Sendable {
    func presentProfile(response: ProfileResponse)
    func presentError(error: Error)
  }
#endif

extension ProfilePresenter: ProfilePresentationLogic {}

// MARK: - View controller

// The view controller runs on the main actor. Headless: what it shows is
// handed to `onDisplay`, which the suite's driver sets.
@MainActor
class ProfileViewController {
  var interactor: ProfileBusinessLogic?
  private var presenter: ProfilePresenter?
  var onDisplay: ((String) -> Void)?

  private var posts: [PostCellViewModel] = []

  func viewDidLoad(transport: any SceneTransport, userId: String) {
    setupVIP(transport: transport)
    fetchProfile(userId: userId)
  }

  private func setupVIP(transport: any SceneTransport) {
    let presenter = ProfilePresenter()
    let interactor = ProfileInteractor(worker: ProfileWorker(transport: transport), presenter: presenter)
    presenter.viewController = self
    self.presenter = presenter
    self.interactor = interactor
  }

  func fetchProfile(userId: String) {
    let request = ProfileRequest(userId: userId)
    // The Task inherits @MainActor from the view controller.
    Task {
      await interactor?.fetchProfile(request: request)
    }
  }

  func displayProfile(viewModel: ProfileViewModel) {
    posts = viewModel.posts
    onDisplay?("\(viewModel.displayName): \(viewModel.postCount)")
  }

  func displayError(message: String) {
    onDisplay?("error: \(message)")
  }
}

@MainActor
protocol ProfileDisplayLogic: AnyObject {
  func displayProfile(viewModel: ProfileViewModel)
  func displayError(message: String)
}

extension ProfileViewController: ProfileDisplayLogic {}
