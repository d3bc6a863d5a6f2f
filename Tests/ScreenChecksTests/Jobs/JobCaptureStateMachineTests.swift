import Testing

@testable import ScreenChecks

@Suite struct JobCaptureStateMachineTests {
  typealias Machine = JobCaptureStateMachine<String>

  private let marker = TrialMarker.all[0]
  /// A priority that is not the trial's marker (on Darwin there is one marker only).
  private var otherMarker: UInt8 { marker.rawValue == 23 ? 24 : 23 }
  private let bodyIdentity: UInt = 0xB0D1
  private let bodyTaskID: UInt64 = 100

  private func arrival(
    _ job: String, priority: UInt8? = nil, identity: UInt = 1, kind: TrialJob.Kind = .actor,
    fromMainQueue: Bool = true, viaHook: Bool = true
  ) -> Machine.Arrival {
    Machine.Arrival(
      job: job, priority: priority ?? marker.rawValue, identity: identity, kind: kind, fromMainQueue: fromMainQueue,
      viaHook: viaHook)
  }

  private func started() -> Machine {
    var machine = Machine()
    machine.beginTrial(marker: marker, bodyIdentity: bodyIdentity, bodyTaskID: bodyTaskID)
    return machine
  }

  @Test func theTrialsMarkerIsCapturedInArrivalOrder() {
    var machine = started()
    #expect(machine.jobArrived(arrival("a", kind: .task(id: 101))) == .captured)
    #expect(machine.jobArrived(arrival("b")) == .captured)
    #expect(machine.runnableJobs == [TrialJob(sequence: 0, kind: .task(id: 101)), TrialJob(sequence: 1, kind: .actor)])
    #expect(machine.takeRunnable(at: 1) == "b")
    #expect(machine.jobReturned() == nil)
    #expect(machine.takeRunnable(at: 0) == "a")
    #expect(machine.jobReturned() == nil)
    #expect(machine.runnableCount == 0)
    #expect(machine.capturedCount == 2)
    #expect(machine.ranCount == 2)
  }

  @Test func theTrialsOwnTaskGoesBackToTheMainActor() {
    var machine = started()
    #expect(
      machine.jobArrived(arrival("body", identity: bodyIdentity, kind: .task(id: bodyTaskID))) == .resumeOnMainActor)
    #expect(machine.capturedCount == 0)
  }

  @Test func anotherMarkerOrNoTrialMakesALeftoverWithOneDrainScheduled() {
    var idle = Machine()
    #expect(idle.jobArrived(arrival("old")) == .leftover(scheduleDrain: true))
    var machine = started()
    let other = otherMarker
    #expect(machine.jobArrived(arrival("x", priority: other)) == .leftover(scheduleDrain: true))
    #expect(machine.jobArrived(arrival("y", priority: other)) == .leftover(scheduleDrain: false))
    #expect(machine.jobArrived(arrival("z", priority: TaskPriority.medium.rawValue)) == .leftover(scheduleDrain: false))
    #expect(machine.takeLeftovers() == ["x", "y", "z"])
    machine.leftoverDrainFinished()
    #expect(machine.jobArrived(arrival("w", priority: other)) == .leftover(scheduleDrain: true))
    #expect(machine.capturedCount == 0)
  }

  @Test func whatTheMainQueueEnqueuesWhileALeftoverRunsIsALeftover() {
    var machine = started()
    _ = machine.jobArrived(arrival("old", priority: otherMarker))
    #expect(machine.takeLeftovers() == ["old"])
    // A yield's continuation: no task id, and the same marker when an
    // earlier trial had it.
    #expect(machine.jobArrived(arrival("yield", kind: .other(rawKind: 195))) == .leftover(scheduleDrain: true))
    #expect(machine.jobArrived(arrival("timer", fromMainQueue: false)) == .captured)
    machine.leftoverDrainFinished()
    #expect(machine.jobArrived(arrival("next", kind: .other(rawKind: 195))) == .captured)
    #expect(machine.runnableCount == 2)
  }

  @Test func aTaskOlderThanTheTrialIsALeftoverOfAnEarlierTrialWithTheSameMarker() {
    var machine = started()
    #expect(machine.jobArrived(arrival("stale", kind: .task(id: bodyTaskID - 1))) == .leftover(scheduleDrain: true))
    #expect(machine.jobArrived(arrival("fresh", kind: .task(id: bodyTaskID + 1))) == .captured)
    #expect(machine.runnableCount == 1)
  }

  @Test func jobsFromOffTheMainQueueAndCodeThereAreEscapes() {
    var machine = started()
    _ = machine.jobArrived(arrival("timer", fromMainQueue: false))
    _ = machine.jobArrived(arrival("local"))
    let counted = machine.codeRanOffMainQueue(priority: marker.rawValue)
    let countedForAnotherMarker = machine.codeRanOffMainQueue(priority: otherMarker)
    #expect(counted)
    #expect(!countedForAnotherMarker)
    #expect(machine.escapes.jobsFromOffMainQueue == 1)
    #expect(machine.escapes.codeOffMainQueue == 1)
    #expect(machine.escapes.total == 2)
    machine.hookWasReplaced()
    #expect(machine.escapes.total == 3)
  }

  @Test func aRunningTaskThatEnqueuesItselfThroughTheHookGoesOnInTheSameStep() {
    var machine = started()
    _ = machine.jobArrived(arrival("task", kind: .task(id: 101)))
    _ = machine.jobArrived(arrival("other", kind: .task(id: 102)))
    #expect(machine.takeRunnable(at: 0) == "task")
    // Task 101 hops back to nonisolated code; task 102 is only runnable.
    #expect(machine.jobArrived(arrival("hop", kind: .task(id: 101))) == .continuesRunningTask)
    #expect(machine.jobArrived(arrival("yield", kind: .other(rawKind: 195), viaHook: false)) == .captured)
    #expect(machine.jobReturned() == "hop")
    #expect(machine.jobReturned() == nil)
    #expect(machine.runnableJobs.map(\.sequence) == [1, 3])
    #expect(machine.ranCount == 2)
    #expect(machine.inlineHopCount == 1)
    // Not running any more, task 101 arriving again is a choice.
    #expect(machine.jobArrived(arrival("later", kind: .task(id: 101))) == .captured)
  }

  @Test func onlyAHopThroughTheHookFromTheMainQueueGoesOnInline() {
    var machine = started()
    _ = machine.jobArrived(arrival("task", kind: .task(id: 101)))
    _ = machine.takeRunnable(at: 0)
    #expect(machine.jobArrived(arrival("own executor", kind: .task(id: 101), viaHook: false)) == .captured)
    #expect(machine.jobArrived(arrival("timer", kind: .task(id: 101), fromMainQueue: false)) == .captured)
    #expect(machine.jobReturned() == nil)
  }

  @Test func endingTheTrialTurnsWhatIsRunnableIntoLeftovers() {
    var machine = started()
    _ = machine.jobArrived(arrival("ran"))
    _ = machine.jobArrived(arrival("left"))
    _ = machine.takeRunnable(at: 0)
    _ = machine.jobReturned()
    let (summary, scheduleDrain) = machine.endTrial()
    #expect(summary == .init(captured: 2, ran: 1, abandoned: 1))
    #expect(scheduleDrain)
    #expect(machine.activeMarker == nil)
    #expect(machine.takeLeftovers() == ["left"])
    machine.leftoverDrainFinished()
    #expect(machine.jobArrived(arrival("late")) == .leftover(scheduleDrain: true))
  }

  @Test func aTrialThatLeavesNothingSchedulesNoDrain() {
    var machine = started()
    #expect(machine.endTrial().scheduleDrain == false)
    #expect(machine.leftoverCount == 0)
  }
}
