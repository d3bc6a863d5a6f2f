import Foundation
import IsolationChecks
import MockNetwork
import ProfileScene
import Testing

/// ``RefetchClassifier/classify(log:requests:quiescent:expectedContent:)``: grading a log
/// recorded outside the checker, from the transport's records.
@Suite struct RecordedLogGradingTests {
  /// Answers each URL as `answers` says: a status, or a thrown error.
  private struct ScriptedTransport: HTTPTransport {
    var answers: @Sendable (URL) -> Result<Int, URLError>

    func get(_ url: URL) async throws -> TransportResponse {
      TransportResponse(statusCode: try answers(url).get(), body: Data())
    }
  }

  private static func request(_ id: UInt64) -> ProfileRequest {
    ProfileRequest(userId: String(id), id: RequestID(id))
  }

  private static func profile(_ id: UInt64) -> ViewEvent {
    .showedProfile(
      ProfileViewModel(request: request(id), displayName: "User \(id)", email: "", postCount: "0 posts", posts: []))
  }

  /// Records one user and one posts request for each of users 1 and 2,
  /// answered by `answers`.
  private static func records(_ answers: @escaping @Sendable (URL) -> Result<Int, URLError>) async
    -> [RequestRecord]
  {
    let recording = RecordingTransport(ScriptedTransport(answers: answers))
    let worker = ProfileWorker(transport: recording, baseURL: URL(string: "http://127.0.0.1:1")!)
    for user in 1...2 {
      _ = try? await worker.fetchUser(id: String(user))
      _ = try? await worker.fetchPosts(userId: user)
    }
    return recording.records
  }

  @Test func anErrorShownForACancelledLoadIsSpurious() async {
    let requests = await Self.records { url in
      url.absoluteString.hasSuffix("users/1") ? .failure(URLError(.cancelled)) : .success(200)
    }
    let message = ProfilePresenter.message(for: URLError(.cancelled))
    let log: [ViewEvent] = [
      .tapped(Self.request(1)), .tapped(Self.request(2)),
      .showedError(message: message, request: Self.request(1)), Self.profile(2),
    ]

    #expect(RefetchClassifier.genuinelyFailedRequests(log: log, requests: requests).isEmpty)
    #expect(RefetchClassifier.classify(log: log, requests: requests, quiescent: true).outcome == .spuriousError)
  }

  @Test func theLastRequestsGenuineFailureIsItsResult() async {
    let requests = await Self.records { url in
      url.absoluteString.hasSuffix("userId=2") ? .success(500) : .success(200)
    }
    let log: [ViewEvent] = [
      .tapped(Self.request(1)), .tapped(Self.request(2)), .dropped(Self.request(1)),
      .showedError(message: "The server answered 500. Please try again.", request: Self.request(2)),
    ]

    #expect(RefetchClassifier.genuinelyFailedRequests(log: log, requests: requests) == [RequestID(2)])
    #expect(RefetchClassifier.classify(log: log, requests: requests, quiescent: true).outcome == .latestOnly)
  }

  @Test func aTransportErrorOtherThanCancellationIsGenuine() async {
    let requests = await Self.records { url in
      url.absoluteString.hasSuffix("users/1") ? .failure(URLError(.networkConnectionLost)) : .success(200)
    }
    let log: [ViewEvent] = [.tapped(Self.request(1)), .tapped(Self.request(2))]
    #expect(RefetchClassifier.genuinelyFailedRequests(log: log, requests: requests) == [RequestID(1)])
  }

  @Test func anOlderProfileAfterTheLastTapIsAStaleFlashAndAnUnsettledTrialIsLost() async {
    let requests = await Self.records { _ in .success(200) }
    let log: [ViewEvent] = [.tapped(Self.request(1)), .tapped(Self.request(2)), Self.profile(1), Self.profile(2)]

    #expect(RefetchClassifier.classify(log: log, requests: requests, quiescent: true).outcome == .staleFlash)
    #expect(RefetchClassifier.classify(log: log, requests: requests, quiescent: false).observed.contains(.lost))
  }

  @Test func aRecordedLogIsGradedByContentWhenTheUsersProfilesAreKnown() async {
    let requests = await Self.records { _ in .success(200) }
    // Tap 2's label on user 1's profile ("User 1"), then user 2's own.
    let mislabelled = ProfileViewModel(
      request: Self.request(2), displayName: "User 1", email: "", postCount: "0 posts", posts: [])
    let log: [ViewEvent] = [
      .tapped(Self.request(1)), .tapped(Self.request(2)), .showedProfile(mislabelled), Self.profile(2),
    ]
    let content = [
      "1": ProfileContent(displayName: "User 1", email: "", postIDs: []),
      "2": ProfileContent(displayName: "User 2", email: "", postIDs: []),
    ]
    #expect(RefetchClassifier.classify(log: log, requests: requests, quiescent: true).outcome == .duplicate)
    #expect(
      RefetchClassifier.classify(log: log, requests: requests, quiescent: true, expectedContent: content).outcome
        == .wrongProfile)
  }
}
