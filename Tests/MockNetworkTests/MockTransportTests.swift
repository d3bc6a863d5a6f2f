import Foundation
import MockNetwork
import ProfileScene
import Testing

let waitLimit = Duration.seconds(10)
let userURL = URL(string: "https://jsonplaceholder.typicode.com/users/1")!
let postsURL = URL(string: "https://jsonplaceholder.typicode.com/posts?userId=1")!

@Suite struct MockTransportTests {
  @Test func servesTheDatasetInJsonplaceholdersShape() async throws {
    let transport = MockTransport()
    let user = try await transport.get(userURL)
    let json = try #require(try JSONSerialization.jsonObject(with: user.body) as? [String: Any])
    #expect(user.statusCode == 200)
    #expect(Set(json.keys) == ["id", "name", "username", "email", "address", "phone", "website", "company"])
    let address = try #require(json["address"] as? [String: Any])
    #expect(address["geo"] is [String: Any])

    let posts = try await transport.get(postsURL)
    let decoded = try JSONDecoder().decode([Post].self, from: posts.body)
    #expect(decoded.count == 10)
    #expect(decoded.allSatisfy { $0.userId == 1 && $0.body.contains("\n") })
    let meanBody = decoded.map(\.body.count).reduce(0, +) / decoded.count
    #expect((120...240).contains(meanBody))
  }

  @Test func answersAnUnknownUserWith404AndAnEmptyObject() async throws {
    let transport = MockTransport()
    let response = try await transport.get(URL(string: "https://example.com/users/99")!)
    #expect(response == TransportResponse(statusCode: 404, body: Data("{}".utf8)))
    let posts = try await transport.get(URL(string: "https://example.com/posts?userId=99")!)
    #expect(posts == TransportResponse(statusCode: 200, body: Data("[]".utf8)))
  }

  @Test func theScaleKnobSizesPostsAndBodies() {
    let small = MockDataset(scale: .init(users: 2, postsPerUser: 3, bodyLength: 50))
    let large = MockDataset(scale: .init(users: 2, postsPerUser: 1_000, bodyLength: 2_000))
    #expect(small.posts(userId: 2).count == 3)
    #expect(large.posts(userId: 2).count == 1_000)
    let meanLarge = large.posts(userId: 1).map(\.body.count).reduce(0, +) / 1_000
    #expect((1_600...2_400).contains(meanLarge))
    #expect(MockDataset().users == MockDataset().users, "the data never depends on a run's seed")
  }

  @Test func recordsPlannedAndAchievedLatencyReproducibly() async throws {
    func plannedLatencies(seed: UInt64) async throws -> [Duration?] {
      let transport = MockTransport(
        .init(latency: .uniform(min: .microseconds(1), max: .microseconds(50)), seed: seed))
      for _ in 0..<5 {
        _ = try await transport.get(userURL)
        _ = try await transport.get(postsURL)
      }
      let records = transport.records
      for record in records {
        let achieved = try #require(record.achievedLatency)
        #expect(achieved >= record.plannedLatency!, "a deadline sleep never ends early")
      }
      return records.map(\.plannedLatency)
    }
    let first = try await plannedLatencies(seed: 7)
    #expect(try await plannedLatencies(seed: 7) == first)
    #expect(try await plannedLatencies(seed: 8) != first)
  }

  @Test(arguments: [
    (InjectedFailure.status(503), 503),
    (InjectedFailure.truncatedBody, 200),
    (InjectedFailure.malformedBody, 200),
  ])
  func injectsFailuresThatAnswer(failure: InjectedFailure, status: Int) async throws {
    let transport = MockTransport(.init(user: RouteBehavior(failures: [FailureRule(failure)])))
    let response = try await transport.get(userURL)
    #expect(response.statusCode == status)
    #expect((try? JSONDecoder().decode(User.self, from: response.body)) == nil)
    #expect(transport.records.first?.outcome == .failed(failure))
    #expect(transport.snapshot.failed == 1)
    let posts = try await transport.get(postsURL)
    #expect(posts.statusCode == 200, "failures are per route")
  }

  @Test func injectsATransportError() async throws {
    let transport = MockTransport(.init(posts: RouteBehavior(failures: [FailureRule(.transportError)])))
    await #expect(throws: URLError(.networkConnectionLost)) { try await transport.get(postsURL) }
  }

  @Test func injectsFailuresWithTheirProbabilityReproducibly() async throws {
    func failures(seed: UInt64) async throws -> Int {
      let transport = MockTransport(
        .init(user: RouteBehavior(failures: [FailureRule(.status(500), probability: 0.3)]), seed: seed))
      for _ in 0..<1_000 { _ = try await transport.get(userURL) }
      return transport.snapshot.failed
    }
    let count = try await failures(seed: 3)
    #expect((220...380).contains(count))
    #expect(try await failures(seed: 3) == count)
  }

  @Test(arguments: [
    (CancellationStyle.cancellationError, "CancellationError"),
    (CancellationStyle.urlSession, "URLError(.cancelled)"),
  ])
  func reportsCancellationInEachStyle(style: CancellationStyle, expected: String) async throws {
    let transport = MockTransport(.init(cancellationStyle: style, gated: true))
    let request = Task { try await transport.get(userURL) }
    try await transport.waitForPending(1, timeout: waitLimit)
    request.cancel()

    let error = await #expect(throws: (any Error).self) { try await request.value }
    switch style {
    case .cancellationError: #expect(error is CancellationError, "\(expected)")
    case .urlSession: #expect((error as? URLError)?.code == .cancelled, "\(expected)")
    }
    #expect(transport.snapshot.cancelled == 1)
    #expect(transport.snapshot.inFlight == 0)
    #expect(transport.snapshot.pending.isEmpty)
  }

  @Test func cancelsADeadlineSleepPromptly() async throws {
    let transport = MockTransport(.init(latency: .fixed(.seconds(3_600))))
    let request = Task { try await transport.get(userURL) }
    try await transport.waitUntil("the request started", timeout: waitLimit) { $0.started == 1 }
    request.cancel()
    await #expect(throws: CancellationError.self) { try await request.value }
    #expect(transport.records.first?.outcome == .cancelled)
  }

  @Test func aHangingRequestEndsOnlyByCancellation() async throws {
    let transport = MockTransport(.init(user: RouteBehavior(failures: [FailureRule(.hangUntilCancelled)])))
    let request = Task { try await transport.get(userURL) }
    try await transport.waitUntil("the request started", timeout: waitLimit) { $0.started == 1 }
    _ = try await transport.get(postsURL)
    #expect(transport.snapshot.inFlight == 1)
    #expect(transport.snapshot.pending.isEmpty, "a hanging request cannot be released")

    request.cancel()
    await #expect(throws: CancellationError.self) { try await request.value }
    try await transport.waitUntilIdle(timeout: waitLimit)
  }

  @Test func gatesReleaseOneAtATimeByRouteOrAll() async throws {
    let transport = MockTransport(.init(gated: true))
    // Start the requests one at a time, so that their order of arrival is fixed.
    var requests: [Task<TransportResponse, any Error>] = []
    for index in 0..<4 {
      requests.append(Task { try await transport.get(index.isMultiple(of: 2) ? userURL : postsURL) })
      try await transport.waitForPending(index + 1, timeout: waitLimit)
    }
    let pending = transport.snapshot.pending
    #expect(pending.map(\.route) == [.user, .posts, .user, .posts])
    #expect(transport.snapshot.maxInFlight == 4)
    #expect(pending.filter { $0.route == .user }.count == 2)

    let first = try #require(transport.releaseNext())
    #expect(first == pending[0])
    #expect(transport.releaseNext(route: .posts, with: .failure(.status(418)))?.route == .posts)
    #expect(transport.releaseAll(route: .user) == 1)
    #expect(transport.snapshot.pending.count == 1)
    #expect(transport.releaseAll() == 1)
    #expect(transport.releaseAll() == 0)

    var statuses: [Int] = []
    for request in requests { statuses.append(try await request.value.statusCode) }
    #expect(statuses.sorted() == [200, 200, 200, 418])
    #expect(transport.release(first.id) == false, "a released request is no longer parked")
  }

  @Test func aWaitThatIsNeverSatisfiedTimesOut() async throws {
    let transport = MockTransport(.init(gated: true))
    await #expect(throws: MockTransportError.timedOut(waitingFor: "1 pending request(s)", after: .milliseconds(20))) {
      try await transport.waitForPending(1, timeout: .milliseconds(20))
    }
  }

  @Test func tracksCountsAndMaxInFlight() async throws {
    let transport = MockTransport(.init(gated: true))
    let a = Task { try await transport.get(userURL) }
    let b = Task { try await transport.get(postsURL) }
    try await transport.waitForPending(2, timeout: waitLimit)
    b.cancel()
    try await transport.waitUntil("one cancelled", timeout: waitLimit) { $0.cancelled == 1 }
    transport.releaseAll()
    _ = try await a.value
    _ = try? await b.value

    let snapshot = transport.snapshot
    #expect(snapshot.started == 2)
    #expect(snapshot.completed == 1)
    #expect(snapshot.cancelled == 1)
    #expect(snapshot.inFlight == 0)
    #expect(snapshot.maxInFlight == 2)
    #expect(transport.records.map(\.route) == [.user, .posts] || transport.records.map(\.route) == [.posts, .user])
  }
}
