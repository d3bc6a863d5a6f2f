import BuildSettingsSupport
import Dispatch
import Foundation
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

/// The hop probes, as the scene calls them: the interactor stamps before and
/// after `await presenter.present(…)`, the presenter's first probe stamps
/// the arrival. Each test fails when a stamp is missing, out of order, or
/// taken somewhere else than the hop's two ends.
@Suite struct HopProbeTests {
  /// One hop, from an actor to a main-actor presenter and back: the one-way
  /// time is positive, the round trip is at least the one-way time plus the
  /// presenter's work, and each stamp was taken where the hop says.
  @Test func hopStampsAreOrderedAndPlaced() async throws {
    await MainQueueMarker.install()
    let log = StageLog()
    await HopInteractorDouble().present(to: HopPresenterDouble(), log: log)
    let records = log.drain()
    #expect(records.map(\.stage) == [.presenterCall, .formatting, .presenterReturn])
    let (sent, format, returned) = (records[0], records[1], records[2])
    #expect(sent.placement == .actor("HopInteractorDouble"))
    #expect(format.placement == .mainActor)
    #expect(returned.placement == .actor("HopInteractorDouble"))
    let oneWay = format.startNanoseconds - sent.startNanoseconds
    let roundTrip = returned.startNanoseconds - sent.startNanoseconds
    #expect(oneWay > 0)
    #expect(roundTrip >= oneWay + (format.endNanoseconds - format.startNanoseconds))
  }

  /// The log hands each appended record to its observer, and none once the
  /// observer is removed: a driver can wait for the hop's return stamp
  /// without polling.
  @Test func observerSeesEveryAppendUntilRemoved() {
    let log = StageLog()
    let seen = SeenStages()
    log.observe { seen.add($0.stage) }
    StageProbe.record(.presenterCall, isolation: nil, to: log)
    StageProbe.measure(.formatting, isolation: nil, to: log) {}
    log.observe(nil)
    StageProbe.record(.presenterReturn, isolation: nil, to: log)
    #expect(seen.stages == [.presenterCall, .formatting])
    #expect(log.drain().count == 3)
  }
}

/// Stands for the scene's interactor at the hop: the scene's own three probe calls.
actor HopInteractorDouble {
  func present(to presenter: HopPresenterDouble, log: StageLog) async {
    let isolation = #isolation
    StageProbe.record(.presenterCall, isolation: isolation, to: log)
    await presenter.present(log: log)
    StageProbe.record(.presenterReturn, isolation: isolation, to: log)
  }
}

/// Stands for the scene's `@MainActor` presenter: its first line is its formatting probe.
@MainActor
final class HopPresenterDouble {
  func present(log: StageLog) {
    let isolation = #isolation
    StageProbe.measure(.formatting, isolation: isolation, to: log) {
      _ = (1...100).map { "post \($0)" }.joined()
    }
  }
}

/// The stages an observer was handed, from any thread.
final class SeenStages {
  private let lock = NSLock()
  private var seen: [Stage] = []

  func add(_ stage: Stage) {
    lock.withLock { seen.append(stage) }
  }

  var stages: [Stage] { lock.withLock { seen } }
}

// Safety: `seen` is read and written only while `lock` is held.
extension SeenStages: @unchecked Sendable {}
