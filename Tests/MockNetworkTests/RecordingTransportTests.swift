import Foundation
import MockNetwork
import ProfileScene
import Testing

@Suite struct RecordingTransportTests {
  @Test func recordsEveryRequestItPassesOnWithItsOutcome() async throws {
    let mock = MockTransport(.init(gated: true))
    let recording = RecordingTransport(mock)

    let answered = Task { try await recording.get(userURL) }
    let cancelled = Task { try await recording.get(postsURL) }
    try await mock.waitForPending(2, timeout: waitLimit)
    cancelled.cancel()
    try await mock.waitUntil("one cancelled", timeout: waitLimit) { $0.cancelled == 1 }
    mock.releaseAll()
    _ = try await answered.value
    _ = try? await cancelled.value

    let records = recording.records
    #expect(recording.started == 2)
    #expect(Set(records.map(\.route)) == [.user, .posts])
    #expect(records.first { $0.route == .user }?.outcome == .completed(status: 200))
    #expect(records.first { $0.route == .posts }?.outcome == .cancelled)
    #expect(records.allSatisfy { $0.achievedLatency != nil })
    #expect(recording.records(after: 1).count == 1)
  }

  @Test func recordsATransportErrorAndRethrowsIt() async throws {
    let mock = MockTransport(.init(user: RouteBehavior(failures: [FailureRule(.transportError)])))
    let recording = RecordingTransport(mock)
    await #expect(throws: URLError(.networkConnectionLost)) { try await recording.get(userURL) }
    #expect(recording.records.first?.outcome == .failed(.transportError))
  }
}
