import BuildSettingsSupport
import Dispatch
import Testing

/// Each test runs a probe where one stage of the scene can run and checks
/// the placement it records; each fails when the probe runs elsewhere, or
/// when the probe cannot tell that place from the others.
@Suite struct StageProbeTests {
  /// The presenter's formatting runs on the main actor: a probe there says so.
  @Test @MainActor func mainActorIsSeen() {
    MainQueueMarker.install()
    let log = StageLog()
    let isolation = #isolation
    StageProbe.measure(.formatting, isolation: isolation, to: log) {}
    #expect(log.drain().map(\.placement) == [.mainActor])
  }

  /// The main queue alone is enough: code on the main actor that was not
  /// given its isolation (a `nonisolated(nonsending)` caller's `#isolation`
  /// can be nil in some builds) is still placed on the main actor.
  @Test @MainActor func mainQueueIsSeenWithoutIsolation() {
    MainQueueMarker.install()
    let log = StageLog()
    StageProbe.record(.decoding, isolation: nil, to: log)
    #expect(log.drain().map(\.placement) == [.mainActor])
  }

  /// The interactor's bookkeeping runs on its actor: a probe there names the actor.
  @Test func interactorActorIsSeen() async {
    await MainQueueMarker.install()
    let log = StageLog()
    await ProbeInteractor().bookkeeping(log: log)
    #expect(log.drain().map(\.placement) == [.actor("ProbeInteractor")])
  }

  /// A worker's `@concurrent` decoding runs on the global executor: neither
  /// the main queue nor an actor.
  @Test @MainActor func globalExecutorIsSeen() async {
    MainQueueMarker.install()
    let log = StageLog()
    await decodeConcurrently(log: log)
    #expect(log.drain().map(\.placement) == [.globalExecutor])
  }

  /// An actor's job never runs on the main queue, so the main-queue test
  /// cannot mistake an actor for the main actor.
  @Test func actorIsNotTheMainQueue() async {
    await MainQueueMarker.install()
    #expect(await ProbeInteractor().isOnMainQueue() == false)
  }

  /// The probe's record spans the body: it begins before and ends after.
  @Test func measureSpansTheBody() {
    let log = StageLog()
    var inside: Int64 = 0
    StageProbe.measure(.decoding, isolation: nil, to: log) { inside = log.now() }
    let record = try! #require(log.drain().first)
    #expect(record.startNanoseconds <= inside && inside <= record.endNanoseconds)
  }

  @Test func classification() {
    #expect(Placement.classify(onMainQueue: false, isolation: nil) == .globalExecutor)
    #expect(Placement.classify(onMainQueue: false, isolation: MainActor.shared) == .mainActor)
    #expect(Placement.classify(onMainQueue: true, isolation: nil) == .mainActor)
    #expect(Placement.classify(onMainQueue: false, isolation: ProbeInteractor()) == .actor("ProbeInteractor"))
  }
}

/// Stands for the scene's actor interactor.
actor ProbeInteractor {
  func bookkeeping(log: StageLog) {
    let isolation = #isolation
    StageProbe.measure(.bookkeeping, isolation: isolation, to: log) {}
  }

  func isOnMainQueue() -> Bool {
    MainQueueMarker.isOnMainQueue
  }
}

/// Stands for the fix rung's worker: a `@concurrent` fetch that decodes.
@concurrent
func decodeConcurrently(log: StageLog) async {
  let isolation = #isolation
  StageProbe.measure(.decoding, isolation: isolation, to: log) {}
}
