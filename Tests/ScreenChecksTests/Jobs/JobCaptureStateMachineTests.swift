import Testing

@testable import ScreenChecks

@Suite struct JobCaptureStateMachineTests {
  typealias Machine = JobCaptureStateMachine<String>

  private let marker = TrialMarker.all[0]
  private let bodyIdentity: UInt = 0xB0D1
  private let bodyTaskID: UInt64 = 100

  private func arrival(
    _ job: String, priority: UInt8? = nil, identity: UInt = 1, kind: TrialJob.Kind = .actor,
    fromMainQueue: Bool = true
  ) -> Machine.Arrival {
    Machine.Arrival(
      job: job, priority: priority ?? marker.rawValue, identity: identity, kind: kind, fromMainQueue: fromMainQueue)
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
    #expect(machine.takeRunnable(at: 0) == "a")
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
    let other = marker.next.rawValue
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
    _ = machine.jobArrived(arrival("old", priority: marker.next.rawValue))
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
    let countedForAnotherMarker = machine.codeRanOffMainQueue(priority: marker.next.rawValue)
    #expect(counted)
    #expect(!countedForAnotherMarker)
    #expect(machine.escapes.jobsFromOffMainQueue == 1)
    #expect(machine.escapes.codeOffMainQueue == 1)
    #expect(machine.escapes.total == 2)
    machine.hookWasReplaced()
    #expect(machine.escapes.total == 3)
  }

  @Test func endingTheTrialTurnsWhatIsRunnableIntoLeftovers() {
    var machine = started()
    _ = machine.jobArrived(arrival("ran"))
    _ = machine.jobArrived(arrival("left"))
    _ = machine.takeRunnable(at: 0)
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
