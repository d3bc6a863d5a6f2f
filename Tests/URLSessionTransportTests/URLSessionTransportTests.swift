import Foundation
import LoopbackTestSupport
import ProfileScene
import Testing
import URLSessionTransport

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `URLSessionTransport` against `scripts/serve.py` on the loopback
/// interface: statuses and bodies, through the transport and through
/// `ProfileWorker`.
@Suite(.timeLimit(.minutes(1)))
struct URLSessionTransportTests {
  struct StatusCase: Sendable, CustomTestStringConvertible {
    var serverArguments: [String]
    var path: String
    var status: Int
    var body: String?

    var testDescription: String { "\(path) \(serverArguments.joined(separator: " ")) -> \(status)" }
  }

  @Test(arguments: [
    StatusCase(serverArguments: [], path: "/users/1", status: 200, body: nil),
    StatusCase(serverArguments: [], path: "/users/99", status: 404, body: "{}"),
    StatusCase(serverArguments: [], path: "/posts?userId=99", status: 200, body: "[]"),
    StatusCase(serverArguments: ["--user-status", "500"], path: "/users/1", status: 500, body: "{}"),
    StatusCase(serverArguments: ["--posts-status", "503"], path: "/posts?userId=1", status: 503, body: "{}"),
  ])
  func returnsTheServersStatusAndBody(_ scenario: StatusCase) async throws {
    try await LoopbackServer.with(scenario.serverArguments) { server in
      let response = try await URLSessionTransport().get(server.url(scenario.path))
      #expect(response.statusCode == scenario.status)
      if let body = scenario.body {
        #expect(String(decoding: response.body, as: UTF8.self) == body)
      } else {
        #expect(!response.body.isEmpty)
      }
    }
  }

  @Test func theWorkerDecodesTheServersUserAndPosts() async throws {
    try await LoopbackServer.with { server in
      let worker = ProfileWorker(transport: URLSessionTransport(), baseURL: server.baseURL)

      let user = try await worker.fetchUser(id: "3")
      let posts = try await worker.fetchPosts(userId: 3)

      #expect(user.id == 3)
      #expect(!user.name.isEmpty && user.email.contains("@"))
      #expect(posts.count == 10)
      #expect(posts.allSatisfy { $0.userId == 3 && $0.body.contains("\n") })
      #expect(Set(posts.map(\.id)).count == 10)
    }
  }

  @Test func theUserHasJsonplaceholdersNestedObjects() async throws {
    try await LoopbackServer.with { server in
      let response = try await URLSessionTransport().get(server.url("/users/1"))
      let json = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
      #expect(Set(json.keys) == ["id", "name", "username", "email", "address", "phone", "website", "company"])
      let address = try #require(json["address"] as? [String: Any])
      #expect(address["geo"] is [String: Any])
      #expect(json["company"] is [String: Any])
    }
  }

  @Test func theScaleKnobsSizeThePosts() async throws {
    try await LoopbackServer.with(["--posts-per-user", "25", "--body-length", "1000"]) { server in
      let worker = ProfileWorker(transport: URLSessionTransport(), baseURL: server.baseURL)
      let posts = try await worker.fetchPosts(userId: 10)
      #expect(posts.count == 25)
      let meanBody = posts.map(\.body.count).reduce(0, +) / posts.count
      #expect((700...1_300).contains(meanBody))
    }
  }

  @Test func theWorkerMapsTheServersFailures() async throws {
    try await LoopbackServer.with(["--user-status", "500", "--posts-malformed"]) { server in
      let worker = ProfileWorker(transport: URLSessionTransport(), baseURL: server.baseURL)
      await #expect(throws: ProfileError.unexpectedStatus(500)) { try await worker.fetchUser(id: "1") }
      await #expect(throws: ProfileError.malformedBody(endpoint: "posts")) { try await worker.fetchPosts(userId: 1) }
    }
    try await LoopbackServer.with { server in
      let worker = ProfileWorker(transport: URLSessionTransport(), baseURL: server.baseURL)
      await #expect(throws: ProfileError.notFound) { try await worker.fetchUser(id: "42") }
      let posts = try await worker.fetchPosts(userId: 42)
      #expect(posts.isEmpty)
    }
  }

  @Test func aResponseThatIsNotHTTPIsAClearError() async throws {
    let url = try #require(URL(string: "data:application/json,%7B%7D"))
    let error = await #expect(throws: URLSessionTransportError.self) {
      try await URLSessionTransport().get(url)
    }
    #expect(error == .notHTTP(url: url))
    #expect(error?.localizedDescription.contains("not an HTTP response") == true)
  }

  @Test(arguments: [0, 99, 600, 999])
  func aStatusOutsideHTTPsRangeIsAClearError(status: Int) throws {
    let url = try #require(URL(string: "http://127.0.0.1/users/1"))
    let response = try #require(
      HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: nil))
    #expect(throws: URLSessionTransportError.invalidStatus(status, url: url)) {
      try URLSessionTransport.transportResponse(for: response, body: Data(), url: url)
    }
  }
}
