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
    fromMainQueue: Bool = true, viaHook: Bool = true, enqueuer: UInt64? = nil, scope: UInt8? = nil
  ) -> Machine.Arrival {
    Machine.Arrival(
      job: job, priority: priority ?? marker.rawValue, identity: identity, kind: kind, fromMainQueue: fromMainQueue,
      viaHook: viaHook, enqueuerTaskID: enqueuer, enqueuerScope: scope)
  }

  /// A priority an app gives its task: no marker's.
  private let appPriority = TaskPriority.userInitiated.rawValue

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
    #expect(machine.takeLeftovers() == ["x", "y"])
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

  // MARK: - Jobs without the marker

  @Test func aJobWithoutTheMarkerThatNothingTiesToTheTrialGoesToTheRuntime() {
    var idle = Machine()
    #expect(idle.jobArrived(arrival("app", priority: appPriority, kind: .task(id: 5))) == .forward)
    var machine = started()
    // Another process's task, enqueued off the main queue by nobody's code.
    #expect(
      machine.jobArrived(arrival("pool", priority: appPriority, kind: .task(id: 200), fromMainQueue: false))
        == .forward)
    // A task older than the trial, leaving the main queue.
    #expect(machine.jobArrived(arrival("old", priority: appPriority, kind: .task(id: bodyTaskID - 1))) == .forward)
    // Enqueued by a task that is not the trial's, carrying another trial's scope.
    #expect(
      machine.jobArrived(
        arrival("foreign", priority: appPriority, kind: .task(id: 201), fromMainQueue: false, enqueuer: 7, scope: 99))
        == .forward)
    // What the driver's executor re-enqueues goes back to the runtime too.
    #expect(
      machine.jobArrived(
        arrival("own executor", priority: appPriority, kind: .task(id: 202), fromMainQueue: false, viaHook: false))
        == .forward)
    #expect(machine.capturedCount == 0)
    #expect(machine.attributedCounts.isEmpty)
  }

  @Test func aTaskTheTrialsCodeStartsWithAPriorityOfItsOwnIsTheTrials() {
    var machine = started()
    // Created by the trial's body (its task is current), then by a task
    // carrying the trial's scope, off the main queue.
    #expect(
      machine.jobArrived(arrival("created", priority: appPriority, kind: .task(id: 101), enqueuer: bodyTaskID))
        == .captured)
    #expect(
      machine.jobArrived(
        arrival(
          "scoped", priority: appPriority, kind: .task(id: 102), fromMainQueue: false, enqueuer: 55,
          scope: marker.rawValue)) == .captured)
    // Each enqueues itself later, with nobody current: told by its id.
    #expect(
      machine.jobArrived(arrival("resumed", priority: appPriority, kind: .task(id: 101), fromMainQueue: false))
        == .captured)
    #expect(machine.attributedCounts == [.enqueuedByTrialCode: 2, .trialTask: 1])
    #expect(machine.escapes.jobsFromOffMainQueue == 2)
  }

  @Test func whatAJobOfTheTrialEnqueuesWhileTheDriverRunsItIsTheTrials() {
    var machine = started()
    _ = machine.jobArrived(arrival("task", kind: .task(id: 101)))
    _ = machine.takeRunnable(at: 0)
    // An actor's processing job, with the app's priority and nobody current.
    #expect(machine.jobArrived(arrival("actor", priority: appPriority, kind: .actor)) == .captured)
    #expect(machine.jobReturned() == nil)
    // Not running any more: the same job would be nobody's.
    #expect(machine.jobArrived(arrival("actor later", priority: appPriority, kind: .actor)) == .forward)
    #expect(machine.attributedCounts == [.enqueuedByRunningJob: 1])
  }

  @Test func aMainActorTaskNewerThanTheTrialLeavingTheMainQueueIsTakenTentatively() {
    var machine = started()
    let task = bodyTaskID + 5
    #expect(
      machine.jobArrived(arrival("hop", priority: appPriority, kind: .task(id: task))) == .capturedTentatively)
    #expect(machine.attributedCounts == [.mainQueueTask: 1])
    // Run before any choice, never offered as one.
    #expect(machine.runnableJobs.isEmpty)
    #expect(machine.runnableCount == 1)
    #expect(machine.takeTentative() == "hop")
    #expect(machine.jobReturned() == nil)
    #expect(machine.takeTentative() == nil)
    // Not learnt from that alone: from off the main queue it is nobody's.
    #expect(
      machine.jobArrived(arrival("pool", priority: appPriority, kind: .task(id: task), fromMainQueue: false))
        == .forward)
    // Its code calling the checker from the main queue, with the trial's
    // scope, makes it the trial's.
    let escaped = machine.codeRan(taskID: task, scope: marker.rawValue, fromMainQueue: true)
    #expect(!escaped)
    #expect(
      machine.jobArrived(arrival("again", priority: appPriority, kind: .task(id: task), fromMainQueue: false))
        == .captured)
    #expect(machine.runnableJobs.count == 1)
    #expect(machine.attributedCounts == [.mainQueueTask: 1, .trialTask: 1])
  }

  @Test func aTentativeJobKeepsOnlyItsOwnHopAndWhatItsScopedCodeMakes() {
    var machine = started()
    let task = bodyTaskID + 5
    _ = machine.jobArrived(arrival("hop", priority: appPriority, kind: .task(id: task)))
    #expect(machine.capturedCount == 0)
    #expect(machine.takeTentative() == "hop")
    // Its own hop back to nonisolated code goes on in the same step.
    #expect(
      machine.jobArrived(arrival("own hop", priority: appPriority, kind: .task(id: task))) == .continuesRunningTask)
    // Its yield on the driver's executor, another task's hop, an actor's
    // job: all go back to the runtime.
    #expect(
      machine.jobArrived(arrival("yield", priority: appPriority, kind: .task(id: task), viaHook: false)) == .forward)
    #expect(machine.jobArrived(arrival("other", priority: appPriority, kind: .task(id: task + 1))) == .forward)
    #expect(machine.jobArrived(arrival("actor", priority: appPriority, kind: .actor)) == .forward)
    // A task its code creates, carrying the trial's scope: the trial's.
    #expect(
      machine.jobArrived(
        arrival("child", priority: appPriority, kind: .task(id: task + 2), enqueuer: task, scope: marker.rawValue))
        == .captured)
    #expect(machine.jobReturned() == "own hop")
    #expect(machine.jobReturned() == nil)
    #expect(machine.runnableJobs.map(\.kind) == [.task(id: task + 2)])
    #expect(machine.attributedCounts == [.mainQueueTask: 2, .enqueuedByTrialCode: 1])
    // Neither captured nor run, as the trial's jobs count.
    #expect(machine.ranCount == 0)
    #expect(machine.inlineHopCount == 0)
    #expect(machine.capturedCount == 1)
  }

  @Test func aTrialThatStopsTakingTentativelyGivesBackWhatWaits() {
    var machine = started()
    _ = machine.jobArrived(arrival("a", priority: appPriority, kind: .task(id: bodyTaskID + 1)))
    #expect(machine.stopTakingTentatively() == ["a"])
    #expect(machine.runnableCount == 0)
    #expect(machine.jobArrived(arrival("b", priority: appPriority, kind: .task(id: bodyTaskID + 2))) == .forward)
  }

  @Test func parkingKeepsTentativeJobsToRunAsLeftovers() {
    var machine = started()
    _ = machine.jobArrived(arrival("spin", kind: .task(id: 101)))
    _ = machine.jobArrived(arrival("maybe foreign", priority: appPriority, kind: .task(id: bodyTaskID + 9)))
    #expect(machine.parkRunnable() == 1)
    #expect(machine.parkedCount == 1)
    #expect(machine.runnableCount == 1)
    _ = machine.endTrial()
    #expect(machine.takeLeftovers() == ["maybe foreign"])
  }

  @Test func anAbandonedTrialsMarkerIsRetiredAndItsLaterJobsParked() {
    var machine = started()
    _ = machine.jobArrived(arrival("spin", kind: .task(id: 101)))
    #expect(machine.abandonTrial() == 1)
    // The abandoned trial's own body goes on until the trial ends.
    #expect(
      machine.jobArrived(arrival("body", identity: bodyIdentity, kind: .task(id: bodyTaskID))) == .resumeOnMainActor)
    _ = machine.endTrial()
    if TrialMarker.all.count > 1 {
      #expect(machine.retiredMarkers == [marker.rawValue])
      #expect(machine.jobArrived(arrival("later", kind: .task(id: 102))) == .parked)
      #expect(machine.parkedCount == 2)
      #expect(machine.leftoverCount == 0)
    } else {
      // The one marker there is stays: trials need it.
      #expect(machine.retiredMarkers.isEmpty)
    }
  }

  @Test func codeOfATaskWithoutTheMarkerIsLearntOnTheMainQueueAndAnEscapeElsewhere() {
    var machine = started()
    let unknown = machine.codeRan(taskID: 300, scope: nil, fromMainQueue: false)
    let onMain = machine.codeRan(taskID: 300, scope: marker.rawValue, fromMainQueue: true)
    #expect(!unknown)
    #expect(!onMain)
    #expect(
      machine.jobArrived(arrival("learnt", priority: appPriority, kind: .task(id: 300), fromMainQueue: false))
        == .captured)
    let offMain = machine.codeRan(taskID: 300, scope: nil, fromMainQueue: false)
    #expect(offMain)
    #expect(machine.escapes.codeOffMainQueue == 1)
  }

  @Test func theTrialsOwnEndpointsCountAnyCallerOffTheMainQueueWhileTheTrialRuns() {
    var machine = started()
    #expect(machine.activeTrialNumber == 1)
    let number = machine.activeTrialNumber ?? 0
    let own = machine.ownCodeRanOffMainQueue(trial: number)
    let another = machine.ownCodeRanOffMainQueue(trial: number + 1)
    #expect(own)
    #expect(!another)
    _ = machine.endTrial()
    let ended = machine.ownCodeRanOffMainQueue(trial: number)
    #expect(!ended)
    machine.beginTrial(marker: marker, bodyIdentity: bodyIdentity, bodyTaskID: bodyTaskID + 10)
    #expect(machine.activeTrialNumber == number + 1)
  }
}
