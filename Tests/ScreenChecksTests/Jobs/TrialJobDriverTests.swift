import BenchKit
import Foundation
import ScreenChecks
import Testing

@MainActor
@Suite struct TrialJobDriverTests {
  private let driver: TrialJobDriver

  init() throws {
    driver = try #require(TrialJobDriver.shared, "\(TrialJobDriver.availability)")
  }

  /// What a trial's body saw of its jobs.
  private struct Observed: Sendable {
    var runnableAfterTap = 0
    var runnableAfterYield: [TrialJob] = []
    var eventsBeforeRunning: [String] = []
    var ran = 0
    var runnableAtEnd = 0
    var captured = 0
    var jobsRun = 0
    var inlineHops = 0
    var escapes = 0
  }

  @Test func aTapsActorChildAndMainActorJobsAreAllCapturedAndCounted() async {
    let log = EventLog()
    let screen = SampleScreen(log: log)
    let seen = await driver.withTrial { jobs in
      var seen = Observed()
      screen.tap(1)
      seen.runnableAfterTap = jobs.runnableCount  // the tap's task waits on the main queue
      await Task.yield()
      seen.runnableAfterYield = jobs.runnableJobs  // the tap's task reached the interactor
      seen.eventsBeforeRunning = log.events
      seen.ran = await jobs.settle()
      seen.runnableAtEnd = jobs.runnableCount
      seen.captured = jobs.capturedCount
      seen.jobsRun = jobs.jobsRun
      seen.inlineHops = jobs.inlineHops
      seen.escapes = jobs.escapes
      return seen
    }
    #expect(seen.runnableAfterTap == 0)
    #expect(seen.runnableAfterYield.map(\.kind) == [.actor])
    #expect(seen.eventsBeforeRunning == ["tap 1"], "nothing past the tap ran before the checker ran it")
    #expect(seen.runnableAtEnd == 0)
    #expect(seen.captured == seen.jobsRun)
    #expect(seen.jobsRun == seen.ran + seen.inlineHops)
    #expect(seen.inlineHops > 0, "the worker's nonisolated code hops back after each resumption")
    #expect(seen.ran >= 5, "the interactor, two children and their resumptions")
    #expect(seen.escapes == 0)
    #expect(log.escapesNoted == 0)
    #expect(screen.shown == ["name1+avatar1"])
    #expect(log.events.last == "show name1+avatar1")
  }

  @Test func firstInFirstOutGivesTheSameOrderTwice() async {
    func oneRun() async -> [String] {
      let log = EventLog()
      let screen = SampleScreen(log: log)
      await driver.withTrial { jobs in
        screen.tap(1)
        screen.tap(2)
        _ = await jobs.settle()
      }
      return log.events
    }
    let first = await oneRun()
    let second = await oneRun()
    #expect(first == second)
    #expect(first.count == 16)
    #expect(first.suffix(2).sorted() == ["show name1+avatar1", "show name2+avatar2"])
  }

  @Test func choosingAnotherJobChangesTheObservableOrder() async {
    func run(choosing index: Int) async -> [String] {
      let order = OrderLog()
      return await driver.withTrial { jobs in
        let parent = Task {
          async let first: Void = order.append("first")
          async let second: Void = order.append("second")
          _ = await (first, second)
        }
        _ = parent
        await Task.yield()  // the parent runs on the main actor to its awaits
        #expect(jobs.runnableJobs.map(\.kind.isTask) == [true, true], "both children")
        jobs.run(at: index)
        _ = await jobs.settle()
        return await Self.entries(of: order, jobs: jobs)
      }
    }
    #expect(await run(choosing: 0) == ["first", "second"])
    #expect(await run(choosing: 1) == ["second", "first"])
  }

  @Test func foreignWorkBesideATrialIsNeitherCapturedNorStalled() async {
    let quietLog = EventLog()
    let quietScreen = SampleScreen(log: quietLog)
    let quietCount = await driver.withTrial { jobs in
      quietScreen.tap(1)
      _ = await jobs.settle()
      return jobs.capturedCount
    }

    let load = ForeignLoad(tasks: 4)
    load.start()
    defer { load.stop() }
    let log = EventLog()
    let screen = SampleScreen(log: log)
    let (captured, progressed, progressedBesideMain, foreignAfter) = await driver.withTrial { jobs in
      screen.tap(1)
      _ = await jobs.settle()
      // The foreign tasks keep yielding while the trial holds its jobs,
      let progressed = await load.waitForProgress(by: 2_000, timeout: .seconds(30))
      // and on their own threads: not on the main queue, blocked here.
      let progressedBesideMain = load.blockUntilProgress(by: 100, timeout: .seconds(10))
      _ = await jobs.settle()
      return (jobs.capturedCount, progressed, progressedBesideMain, jobs.runnableCount)
    }
    #expect(progressed, "the foreign tasks stalled while a trial ran")
    #expect(progressedBesideMain, "the foreign tasks' jobs were held for the main queue")
    #expect(captured == quietCount)
    #expect(foreignAfter == 0)
    #expect(log.events == quietLog.events)
    #expect(screen.shown == ["name1+avatar1"])
  }

  @Test func aLeftoverReleasedAfterItsTrialEndedRunsToCompletionOutsideLaterTrials() async {
    // A parallel test whose screen never settles retires its trial's
    // marker for good; when that is this scenario's marker, its leftover
    // is kept, never to run, and the scenario starts again on another.
    var attempts = 0
    var outcome: (captured: Int, finished: Bool, events: [String])?
    while outcome == nil, attempts < 5 {
      attempts += 1
      outcome = await leftoverReleasedInALaterTrialWithItsMarker()
    }
    #expect(outcome?.captured == 0, "a leftover was counted as a later trial's job")
    #expect(outcome?.finished == true)
    #expect(outcome?.events == ["hang", "released"])
  }

  /// Leaves a task hung at a gate when a trial ends, then opens the gate
  /// in the next trial that has the same marker: the hardest case, where
  /// only the leftover's age tells it from the trial's jobs.
  /// - Returns: what that trial captured, whether the leftover finished
  ///   and what it logged; `nil` when the marker was retired first.
  private func leftoverReleasedInALaterTrialWithItsMarker() async -> (
    captured: Int, finished: Bool, events: [String]
  )? {
    let gate = ReleaseGate()
    let finished = OneShotSignal()
    let log = EventLog()
    let (leftBehind, marker) = await driver.withTrial { jobs in
      Task {
        log.record("hang")
        await gate.wait()
        await Task.yield()
        log.record("released")
        finished.fire()
      }
      _ = await jobs.settle()
      return (gate.hasWaiter, jobs.marker)
    }
    #expect(leftBehind, "the scene hung at its gate when the trial ended")
    // Markers are taken in turn by every trial of the process: beside the
    // parallel tests' trials, ours may land on it only after many turns.
    var capturedWhileReleasing: Int?
    var turns = 0
    while capturedWhileReleasing == nil, !driver.isRetired(marker), turns < 5_000 {
      turns += 1
      capturedWhileReleasing = await driver.withTrial { jobs -> Int? in
        guard jobs.marker == marker else { return nil }
        gate.open()
        _ = await jobs.settle()
        return jobs.capturedCount
      }
    }
    guard let capturedWhileReleasing else {
      // Retired (or never taken again): opened now, the leftover is kept
      // with a retired marker's jobs, or runs as a leftover.
      gate.open()
      return nil
    }
    return (capturedWhileReleasing, await finished.wait(timeout: .seconds(10)), log.events)
  }

  @Test func aCallbacksReleaseFromOffTheMainQueueIsAnEscape() async {
    let log = EventLog()
    let suspended = DispatchSemaphore(value: 0)
    let (escapes, arrived) = await driver.withTrial { jobs in
      Task(priority: jobs.marker) {
        // A completion handler called on a Dispatch thread: the resumed
        // task's job is enqueued from there, never from the main queue.
        await withCheckedContinuation { continuation in
          DispatchQueue.global().async {
            // Not before the task's job has returned, suspended: a resume
            // that wins that race lets the task go on inline, on the main
            // queue, with nothing released from outside.
            suspended.wait()
            continuation.resume()
          }
        }
        log.record("resumed")
      }
      _ = await jobs.settle()
      suspended.signal()
      let arrived = await jobs.waitForRunnableJob(timeout: .seconds(10))
      _ = await jobs.settle()
      return (jobs.escapeReport, arrived)
    }
    #expect(arrived)
    #expect(escapes.jobsFromOffMainQueue == 1, "\(escapes)")
    #expect(escapes.codeOffMainQueue == 0, "the resumed task ran in the driver's hands")
    #expect(log.events == ["resumed"])
  }

  #if os(Linux)
    // A marker task's `Task.sleep` asks for a global queue of the marker's
    // priority, which Darwin's dispatch does not have: Linux only.
    @Test func aTimersReleaseFromOffTheMainQueueIsAnEscape() async {
      // A deadline that has passed by the time the runtime registers the
      // timer (the thread was preempted in between, as it is on a loaded
      // machine) does not suspend at all: the job is enqueued at once, from
      // the main queue. So up to 20 trials, each with a fresh deadline; one
      // whose timer really fired on a Dispatch thread must be counted.
      var outcomes: [(escapes: TrialEscapes, woke: Bool)] = []
      for _ in 0..<20 where outcomes.last?.escapes.jobsFromOffMainQueue ?? 0 == 0 {
        let log = EventLog()
        let escapes = await driver.withTrial { jobs in
          // Detached, so that the deadline is computed in the driver's
          // hands, when the task first runs.
          Task.detached(priority: jobs.marker) {
            try? await Task.sleep(for: .milliseconds(20))
            log.record("woke")
          }
          var arrived = true
          _ = await jobs.settle()
          while arrived && log.events.isEmpty {
            // The timer fires on a Dispatch thread, in its own time.
            arrived = await jobs.waitForRunnableJob(timeout: .seconds(10))
            _ = await jobs.settle()
          }
          return jobs.escapeReport
        }
        outcomes.append((escapes, log.events == ["woke"]))
      }
      #expect(outcomes.allSatisfy { $0.woke }, "every sleeping task woke in its trial")
      #expect(outcomes.allSatisfy { $0.escapes.codeOffMainQueue == 0 }, "the woken tasks ran in the driver's hands")
      #expect(outcomes.last?.escapes.jobsFromOffMainQueue == 1, "\(outcomes.map(\.escapes))")
    }
  #endif

  @Test func trialCodeOnAnotherExecutorIsAnEscape() async {
    let log = EventLog()
    let executor = QueueTaskExecutor()
    let escapes = await driver.withTrial { jobs in
      let ran = ReleaseGate()
      Task(executorPreference: executor) {
        log.record("elsewhere")
        ran.open()
      }
      await ran.wait()
      _ = await jobs.settle()
      return jobs.escapeReport
    }
    #expect(escapes.codeOffMainQueue == 1)
    #expect(log.escapesNoted == 1)
  }

  @Test func trialCodeWhoseJobsAllRanInTheDriversHandsIsNoEscape() async {
    let log = EventLog()
    let escapes = await driver.withTrial { jobs in
      // Detached, so that the task runs on the global executor, where the
      // hook captures its jobs, not on the main actor the trial body runs on.
      Task.detached(priority: jobs.marker) {
        log.record("started")
        await Task.yield()
        log.record("resumed")
      }
      _ = await jobs.settle()
      return jobs.escapes
    }
    #expect(log.events == ["started", "resumed"])
    #expect(escapes == 0)
    #expect(log.escapesNoted == 0)
  }

  @Test func aMissingHookSymbolMakesTheDriverUnavailableWithItsReason() {
    let symbol = "swift_task_enqueueGlobal_hook_that_no_runtime_exports"
    guard case .unavailable(let reason) = TrialJobDriver.connect(hookSymbol: symbol) else {
      Issue.record("a driver was connected to \(symbol)")
      return
    }
    #expect(reason == "the concurrency runtime exports no \(symbol), so a trial's jobs cannot be taken from it")
  }

  @Test func trialsRunOneAtATimeFirstComeFirstServed() async {
    let log = EventLog()
    let trials = (0..<3).map { index in
      Task { @MainActor in
        await driver.withTrial { jobs in
          log.record("start \(index)")
          await Task.yield()
          _ = jobs.runAll()
          log.record("end \(index)")
        }
      }
    }
    for trial in trials { await trial.value }
    #expect(log.events == ["start 0", "end 0", "start 1", "end 1", "start 2", "end 2"])
  }

  @Test func theCheckersTaskLocalsCancellationAndAwaitsSurviveRunningJobs() async {
    let inScene = ResultBox<String>()
    let (before, after, echoed, resumed) = await CheckerContext.$label.withValue("checker") {
      await driver.withTrial { jobs in
        Task {
          await CheckerContext.$label.withValue("scene") {
            withUnsafeCurrentTask { $0?.cancel() }
            await Task.yield()
            inScene.set("\(CheckerContext.label) cancelled: \(Task.isCancelled)")
          }
        }
        let before = (CheckerContext.label, Task.isCancelled)
        _ = await jobs.settle()
        let after = (CheckerContext.label, Task.isCancelled)
        let echoed = await nonisolatedEcho(7)  // the body's own task hops and returns
        let resumed = await resumeFromAnotherThread()
        return (before, after, echoed, resumed)
      }
    }
    #expect(inScene.value == "scene cancelled: true", "the scene's job ran with its own task's context")
    #expect(before == ("checker", false))
    #expect(after == ("checker", false))
    #expect(echoed == 7)
    #expect(resumed)
  }

  @Test func cancellingTheCallerCancelsTheTrialsTask() async {
    let seen = await Task { @MainActor in
      withUnsafeCurrentTask { $0?.cancel() }
      return await driver.withTrial { jobs in
        let before = Task.isCancelled
        Task { await Task.yield() }
        _ = await jobs.settle()
        return (before, Task.isCancelled, CheckerContext.label)
      }
    }.value
    #expect(seen == (true, true, "none"))
  }

  private static func entries(of order: OrderLog, jobs: TrialJobs) async -> [String] {
    // Reading the actor from the body would wait for a job only the body
    // can run: read it in a task of the trial, and run that task's jobs.
    let box = ResultBox<[String]>()
    Task { box.set(await order.entries) }
    _ = await jobs.settle()
    return box.value ?? []
  }
}

/// A task-local value the checker sets around its trials.
enum CheckerContext {
  @TaskLocal static var label = "none"
}

private nonisolated func nonisolatedEcho(_ value: Int) async -> Int {
  await Task.yield()
  return value
}

private func resumeFromAnotherThread() async -> Bool {
  await withCheckedContinuation { continuation in
    DispatchQueue.global().async { continuation.resume(returning: true) }
  }
}

extension TrialJob.Kind {
  fileprivate var isTask: Bool {
    if case .task = self { return true }
    return false
  }
}
