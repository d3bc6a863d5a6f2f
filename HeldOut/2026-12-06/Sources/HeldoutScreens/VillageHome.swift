// Ported from boostcampwm2023/iOS05-Village,
// iOS/Village/Village/Presentation/Home/ViewModel/HomeViewModel.swift and
// .../Home/View/HomeViewController.swift, as they were before
// https://github.com/boostcampwm2023/iOS05-Village/pull/395 (commit 66f6076,
// "HomeViewModel lock 추가 및 예외처리 추가": guard concurrent access to the
// loading flag from scrollViewDidScroll + refresh; reset it when the last
// page comes back empty), issue #391 ("refresh/pagination collision").
//
// The flaw: pull to refresh clears the list and asks for page 1 while a page
// load may still be running; `isPaging` is only set inside the Task, so a
// refresh and a page load both run, and whichever answers is appended to the
// list: the old list's next page lands on the refreshed list, or is the only
// thing on it; a refresh made while `isPaging` is true is dropped although
// the list was cleared. The fix moved the check and the flag under a lock and
// resets the flag on every path.
//
// Port: Combine's `PassthroughSubject` and `CurrentValueSubject` are a
// callback and a method call (Linux has no Combine); the view controller's
// `.receive(on: DispatchQueue.main)` sink is kept as `DispatchQueue.main.async`;
// a failure completes the subject, so later lists are not delivered, as in the
// app. The diffable data source is the `posts` array.
import Dispatch
import Foundation
import Observation

/// `PostListRequestDTO`.
public struct PostListRequestDTO: Sendable, Hashable, CustomStringConvertible {
  public var page: String
  public init(page: String) { self.page = page }
  public var description: String { "page=\(page)" }
}

/// `PostListResponseDTO`, reduced.
public struct PostListResponseDTO: Sendable {
  public var postID: String
  public init(postID: String) { self.postID = postID }
}

/// `PostListItem`.
public struct PostListItem: Sendable, Hashable {
  public var postID: String
  init(dto: PostListResponseDTO) { postID = dto.postID }
}

/// `APIProvider.shared.request(with: APIEndPoints.getPosts(queryParameter:))`.
public protocol PostListProviding: Sendable {
  func getPosts(queryParameter: PostListRequestDTO?) async throws -> [PostListResponseDTO]?
}

/// A `PostListProviding` that forwards to an async function (the checker's endpoint).
public struct PostListAPI: PostListProviding {
  let request: @Sendable (PostListRequestDTO?) async throws -> [PostListResponseDTO]?
  public init(request: @escaping @Sendable (PostListRequestDTO?) async throws -> [PostListResponseDTO]?) {
    self.request = request
  }
  public func getPosts(queryParameter: PostListRequestDTO?) async throws -> [PostListResponseDTO]? {
    try await request(queryParameter)
  }
}

/// The home view model before PR #395.
@MainActor
public final class HomeViewModel {
  private let api: any PostListProviding
  /// `postList` (a `PassthroughSubject<[PostListItem], Error>`).
  var postList: (Result<[PostListItem], any Error>) -> Void = { _ in }
  private var lastPostID: String?
  private var isPaging = false

  public init(api: any PostListProviding) { self.api = api }

  /// `input.needPostList.sink { isRefresh in … }`.
  func needPostList(_ isRefresh: Bool) {
    if !isPaging {
      getPosts(isRefresh: isRefresh)
    }
  }

  private func getPosts(isRefresh: Bool) {
    if isRefresh { lastPostID = nil }

    let postRequestDTO = (lastPostID == nil) ? nil : PostListRequestDTO(page: lastPostID!)

    Task {
      do {
        isPaging = true
        guard let items = try await api.getPosts(queryParameter: postRequestDTO),
          let lastID = items.last?.postID
        else { return }
        lastPostID = "\(lastID)"
        postList(.success(items.map { PostListItem(dto: $0) }))
        isPaging = false
      } catch {
        postList(.failure(error))
        isPaging = false
      }
    }
  }
}

/// The home view controller, as far as the list goes.
@Observable @MainActor
public final class HomeViewController {
  /// The diffable data source's items.
  public private(set) var posts: [PostListItem] = []
  @ObservationIgnored private let viewModel: HomeViewModel
  @ObservationIgnored private var subscriptionFinished = false

  public init(viewModel: HomeViewModel) {
    self.viewModel = viewModel
    bindViewModel()
  }

  private func bindViewModel() {
    viewModel.postList = { [weak self] result in
      DispatchQueue.main.async {  // .receive(on: DispatchQueue.main)
        MainActor.assumeIsolated {
          guard let self, !self.subscriptionFinished else { return }
          switch result {
          case .success(let list): self.appendData(postList: list)
          case .failure(let error):
            dump(error, to: &NullStream.shared)
            self.subscriptionFinished = true  // a failure completes the subject
          }
        }
      }
    }
  }

  /// `refreshPost()`: the refresh control's action (and `viewDidLoad`'s first load).
  public func refreshPost() {
    initializeDataSource()
    viewModel.needPostList(true)
    // endRefreshing() after 0.7 s: the spinner is not tied to the load.
  }

  /// `scrollViewDidScroll(_:)` near the bottom.
  public func scrollViewDidScroll() {
    viewModel.needPostList(false)
  }

  private func initializeDataSource() { posts = [] }

  private func appendData(postList: [PostListItem]) { posts += postList }
}

/// Where `dump(error)` goes in the port.
struct NullStream: TextOutputStream {
  nonisolated(unsafe) static var shared = NullStream()
  mutating func write(_ string: String) {}
}
