import Foundation
import MockNetwork
import ProfileScene
import Testing

@Suite struct WorkerTests {
  @Test func decodesTheMockDatasetsUsersAndPosts() async throws {
    let transport = MockTransport()
    let worker = ProfileWorker(transport: transport)
    let dataset = transport.configuration.dataset

    let user = try await worker.fetchUser(id: "3")
    let posts = try await worker.fetchPosts(userId: 3)

    #expect(user == dataset.user(id: 3))
    #expect(posts == dataset.posts(userId: 3))
    #expect(posts.count == 10)
  }

  @Test(
    .enabled(
      if: ReferencePayloads.available,
      "set \(ReferencePayloads.variable) to a folder holding jsonplaceholder's users.json and posts.json"))
  func decodesRealPayloadsIgnoringNestedObjects() throws {
    let users = try JSONDecoder().decode([User].self, from: try #require(ReferencePayloads.users))
    let posts = try JSONDecoder().decode([Post].self, from: try #require(ReferencePayloads.posts))
    #expect(users.count == 10)
    #expect(users.first == User(id: 1, name: "Leanne Graham", email: "Sincere@april.biz", username: "Bret"))
    #expect(posts.filter { $0.userId == 1 }.count == 10)
  }

  @Test(arguments: [
    (404, ProfileError.notFound),
    (500, ProfileError.unexpectedStatus(500)),
    (503, ProfileError.unexpectedStatus(503)),
    (301, ProfileError.unexpectedStatus(301)),
    (401, ProfileError.unexpectedStatus(401)),
  ])
  func mapsEveryNon2xxStatusOnBothEndpoints(status: Int, expected: ProfileError) async {
    let worker = ProfileWorker(transport: StubTransport(status: status, body: "{}"))
    await #expect(throws: expected) { try await worker.fetchUser(id: "1") }
    await #expect(throws: expected) { try await worker.fetchPosts(userId: 1) }
  }

  @Test func acceptsEvery2xxStatus() async throws {
    let body = #"{"id": 1, "name": "A", "email": "a@b.c", "username": "a"}"#
    let worker = ProfileWorker(transport: StubTransport(status: 203, body: body))
    #expect(try await worker.fetchUser(id: "1").name == "A")
  }

  @Test(arguments: ["", "{", "<html>oops</html>", "[]", #"{"id": "one"}"#, "{}"])
  func turnsUnreadableUserBodiesIntoMalformedBody(body: String) async {
    let worker = ProfileWorker(transport: StubTransport(status: 200, body: body))
    await #expect(throws: ProfileError.malformedBody(endpoint: "user")) { try await worker.fetchUser(id: "1") }
  }

  @Test(arguments: ["", "[", "{}", #"[{"id": 1}]"#])
  func turnsUnreadablePostsBodiesIntoMalformedBody(body: String) async {
    let worker = ProfileWorker(transport: StubTransport(status: 200, body: body))
    await #expect(throws: ProfileError.malformedBody(endpoint: "posts")) { try await worker.fetchPosts(userId: 1) }
  }

  @Test func turnsATruncatedBodyIntoMalformedBody() async {
    let transport = MockTransport(.init(user: RouteBehavior(failures: [FailureRule(.truncatedBody)])))
    let worker = ProfileWorker(transport: transport)
    await #expect(throws: ProfileError.malformedBody(endpoint: "user")) { try await worker.fetchUser(id: "1") }
  }

  @Test(arguments: ["abc", "", " 1", "1.5", "one", "0x10"])
  func rejectsANonNumericUserIDBeforeSendingAnything(id: String) async {
    let transport = StubTransport(status: 200, body: "{}")
    let worker = ProfileWorker(transport: transport)
    await #expect(throws: ProfileError.invalidUserID(id)) { try await worker.fetchUser(id: id) }
    #expect(transport.requestedURLs.isEmpty)
  }

  @Test func passesTransportErrorsThroughUnchanged() async {
    let worker = ProfileWorker(transport: StubTransport(.error(URLError(.cancelled))))
    await #expect(throws: URLError(.cancelled)) { try await worker.fetchUser(id: "1") }
  }

  @Test func buildsTheGuidesURLsUnderAnyBaseURL() async throws {
    let transport = StubTransport(status: 200, body: "[]")
    let worker = ProfileWorker(transport: transport, baseURL: URL(string: "http://127.0.0.1:8080/api")!)
    _ = try await worker.fetchPosts(userId: 7)
    _ = try? await worker.fetchUser(id: "7")
    #expect(
      transport.requestedURLs.map(\.absoluteString) == [
        "http://127.0.0.1:8080/api/posts?userId=7", "http://127.0.0.1:8080/api/users/7",
      ])
  }

  @Test func givesEveryErrorAnEnglishMessage() {
    #expect(ProfileError.notFound.errorDescription == "Profile not found.")
    #expect(ProfileError.unexpectedStatus(500).errorDescription == "The server answered 500. Please try again.")
    #expect(ProfileError.invalidUserID("x").errorDescription == "\"x\" is not a valid user id.")
    #expect(
      ProfileError.malformedBody(endpoint: "posts").errorDescription
        == "The server sent an unreadable posts response. Please try again.")
  }
}

/// jsonplaceholder's real payloads, from the folder that the environment
/// variable ``variable`` names (they are not part of the project: download
/// `https://jsonplaceholder.typicode.com/users` and `/posts` into it).
enum ReferencePayloads {
  static let variable = "ISOLATIONBENCH_REFERENCE_PAYLOADS"
  static var folder: URL? {
    ProcessInfo.processInfo.environment[variable].map { URL(fileURLWithPath: $0, isDirectory: true) }
  }
  // Read on each use, not kept in a global: a Data kept in a global until exit is
  // reported by LeakSanitizer (see scripts/lsan-suppressions.txt).
  static var users: Data? {
    folder.flatMap { FileManager.default.contents(atPath: $0.appendingPathComponent("users.json").path) }
  }
  static var posts: Data? {
    folder.flatMap { FileManager.default.contents(atPath: $0.appendingPathComponent("posts.json").path) }
  }
  static var available: Bool { users != nil && posts != nil }
}
