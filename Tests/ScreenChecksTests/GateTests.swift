import Testing

@testable import ScreenChecks

/// The gate both the checker's endpoints and the mock transport park calls
/// at, as a pure state machine: each transition from each state, with
/// continuations that stand for the calls' tasks.
@Suite struct GateTests {
  struct Call: Sendable, Equatable {
    var id: Int
    var rank: Int
  }

  typealias TestGate = Gate<String, Call>

  static func gate() -> TestGate {
    TestGate(id: { $0.id }, precedes: { $0.rank < $1.rank })
  }

  /// Parks `calls` with continuations, runs `body` on the gate, resumes
  /// the continuations it hands back (with the answer, or with a
  /// cancellation for `nil`), and returns what each call's wait ended with:
  /// its answer, "cancelled", or "left" for a call still waiting after.
  static func run(
    _ calls: [(Call, listed: Bool, cancellable: Bool)], _ body: (inout TestGate) -> [(TestGate.Continuation, String?)]
  ) async -> (answers: [Int: String], gate: TestGate) {
    var gate = gate()
    var continuations: [Int: TestGate.Continuation] = [:]
    var waits: [Int: Task<String, Never>] = [:]
    for (call, listed, cancellable) in calls {
      gate.park(call, listed: listed, cancellable: cancellable)
      let (stream, feed) = AsyncStream<TestGate.Continuation>.makeStream()
      waits[call.id] = Task {
        do {
          return try await withCheckedThrowingContinuation { feed.yield($0) }
        } catch {
          return "cancelled"
        }
      }
      for await continuation in stream {
        continuations[call.id] = continuation
        break
      }
      let installed = gate.install(continuations[call.id]!, for: call.id)
      #expect(installed)
    }
    for (continuation, answer) in body(&gate) {
      if let answer {
        continuation.resume(returning: answer)
      } else {
        continuation.resume(throwing: CancellationError())
      }
    }
    // Every call still waiting is ended, so that no task is left behind.
    for (id, continuation) in continuations where gate.isWaiting(id) { continuation.resume(returning: "left") }
    var answers: [Int: String] = [:]
    for (id, wait) in waits { answers[id] = await wait.value }
    return (answers, gate)
  }

  @Test func listedCallsAreKeptInTheKeepersOrderWhateverTheOrderTheyParkIn() {
    var gate = Self.gate()
    for (id, rank) in [(1, 30), (2, 10), (3, 20), (4, 40)] {
      gate.park(Call(id: id, rank: rank), listed: true, cancellable: true)
    }
    gate.park(Call(id: 5, rank: 0), listed: false, cancellable: true)
    #expect(gate.parked.map(\.id) == [2, 3, 1, 4])
  }

  @Test func aCallIsAnsweredOnlyOnceItsContinuationIsInstalled() async {
    var gate = Self.gate()
    gate.park(Call(id: 1, rank: 1), listed: true, cancellable: true)
    let beforeInstall = gate.release(1)
    #expect(beforeInstall == nil)
    let releasedBeforeInstall = gate.releaseAll()
    #expect(releasedBeforeInstall.isEmpty)
    #expect(gate.parked.map(\.id) == [1], "a call without its continuation stays parked")
  }

  @Test func releaseAnswersAListedCallOnceAndNeverAnUnlistedOne() async {
    let (answers, gate) = await Self.run([
      (Call(id: 1, rank: 1), listed: true, cancellable: true), (Call(id: 2, rank: 2), listed: false, cancellable: true),
    ]) { gate in
      let first = gate.release(1)
      let again = gate.release(1)
      #expect(again == nil, "answered twice")
      let unlisted = gate.release(2)
      #expect(unlisted == nil, "an unlisted call is never answered")
      return first.map { [($0, "one")] } ?? []
    }
    #expect(answers == [1: "one", 2: "left"])
    #expect(gate.parked.isEmpty)
  }

  @Test func releaseWhereTakesMatchingCallsInOrderUpToTheLimit() async {
    let calls = [(1, 3), (2, 1), (3, 2), (4, 4)].map { (Call(id: $0.0, rank: $0.1), listed: true, cancellable: true) }
    let (answers, gate) = await Self.run(calls) { gate in
      gate.release(where: { $0.id != 3 }, limit: 2).map { ($0, "released") }
    }
    #expect(answers == [1: "released", 2: "released", 3: "left", 4: "left"])
    #expect(gate.parked.map(\.id) == [3, 4])
  }

  @Test func aCancelledCallStopsWaitingUnlessItsCancellationDoesNotReachIt() async {
    let (answers, gate) = await Self.run([
      (Call(id: 1, rank: 1), listed: true, cancellable: true), (Call(id: 2, rank: 2), listed: true, cancellable: false),
    ]) { gate in
      var resumed: [(TestGate.Continuation, String?)] = []
      if case .cancelled(let continuation?) = gate.cancel(1) { resumed.append((continuation, nil)) }
      switch gate.cancel(2) {
      case .unaffected: break
      case .cancelled(let continuation):
        Issue.record("a late answer's wait was cancelled")
        if let continuation { resumed.append((continuation, nil)) }
      case .held: Issue.record("a parked call was taken for held")
      }
      let afterCancel = gate.release(1)
      #expect(afterCancel == nil)
      #expect(gate.parked.map(\.id) == [2])
      return resumed + (gate.release(2).map { [($0, "late")] } ?? [])
    }
    #expect(answers == [1: "cancelled", 2: "late"])
    #expect(gate.parked.isEmpty)
  }

  @Test func aCallCancelledBeforeItsContinuationExistsThrowsWhenItIsInstalled() async {
    var gate = Self.gate()
    gate.park(Call(id: 1, rank: 1), listed: true, cancellable: true)
    guard case .cancelled(nil) = gate.cancel(1) else {
      Issue.record("expected a cancellation without a continuation")
      return
    }
    #expect(gate.parked.isEmpty)
    let cancelled = gate
    var thrown = false
    do {
      _ = try await withCheckedThrowingContinuation { (continuation: TestGate.Continuation) in
        var gate = cancelled
        if gate.install(continuation, for: 1) {
          continuation.resume(returning: "installed")
        } else {
          continuation.resume(throwing: CancellationError())
        }
      }
    } catch {
      thrown = true
    }
    #expect(thrown, "the late continuation was not told of the cancellation")
  }

  @Test func aHeldCallKeepsItsAnswerThroughCancellationAndGoesOnWhenLetGo() async {
    let (answers, gate) = await Self.run([
      (Call(id: 1, rank: 2), listed: true, cancellable: true), (Call(id: 2, rank: 1), listed: true, cancellable: true),
    ]) { gate in
      let held = gate.hold(1, with: "kept")
      #expect(held)
      let heldAgain = gate.hold(1, with: "again")
      #expect(!heldAgain)
      #expect(gate.held.map(\.id) == [1])
      #expect(gate.parked.map(\.id) == [2])
      if case .held = gate.cancel(1) {} else { Issue.record("a held call's cancellation should leave its answer") }
      let releasedWhileHeld = gate.release(1)
      #expect(releasedWhileHeld == nil, "a held call is not parked")
      guard let (continuation, answer) = gate.resumeHeld(1) else { return [] }
      let resumedAgain = gate.resumeHeld(1)
      #expect(resumedAgain == nil)
      return [(continuation, answer)] + gate.releaseAll().map { ($0, "rest") }
    }
    #expect(answers == [1: "kept", 2: "rest"])
    #expect(gate.held.isEmpty && gate.parked.isEmpty)
  }
}
