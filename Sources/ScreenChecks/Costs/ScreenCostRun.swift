import BenchBasics
import Dispatch
import Foundation

/// Why a cost run could not measure a screen.
public struct ScreenCostError: Error, Equatable, CustomStringConvertible {
  /// One line.
  public var description: String
}

extension ScreenDescription {
  /// Measures what each of the screen's actions costs, on real executors:
  /// the main thread's busy time while the action's work runs (in all, and
  /// its longest stretch), the frames a 60 Hz and a 120 Hz display miss,
  /// the time to the result on screen, and the CPU time the work used off
  /// the main thread, at each payload size, beside the same run's floor.
  ///
  /// Every call is answered at once with ``AnswerContent/payloadSize``
  /// items (or what the endpoint builds from it, such as JSON bytes the
  /// screen's client decodes), and the clock's sleeps end at once, so the
  /// figures are the screen's own work. The actions run in a fixed order on
  /// a fresh model each repetition: loads, refreshes and typing first, then
  /// next pages and retries, clears last; one the screen does not offer
  /// when its turn comes is skipped with a note. The view's `.task`
  /// modifiers start when the screen appears and restart when their id changes.
  ///
  /// Where the work that grows with the payload ran
  /// (``ScreenCostReport/placements``) is read off the threads' CPU time:
  /// the main thread's and the others' growth from the smallest payload
  /// to the largest.
  ///
  /// Call it from a release build: a debug build's figures are labelled
  /// as not comparable (``ScreenCostReport/isDebugBuild``). The main actor
  /// must run on the main thread, as it does in an app and in a command
  /// line tool.
  /// - Parameter options: payload sizes, repetitions, bounds.
  /// - Returns: the report.
  /// - Throws: ``ScreenCostError`` for bad options, or an action whose
  ///   result does not show within the bound.
  @MainActor
  public func measureCosts(_ options: ScreenCostOptions = .init()) async throws -> ScreenCostReport {
    if let problem = options.problem { throw ScreenCostError(description: "\(name): \(problem)") }
    MainQueueIdentity.markMainQueue()
    let heartbeat = MainActorHeartbeat()
    heartbeat.start()
    defer { heartbeat.stop() }
    let order: [ActionKind] = [.load, .refresh, .type, .nextPage, .retry, .clear]
    let measured = actions.sorted { order.firstIndex(of: $0.kind)! < order.firstIndex(of: $1.kind)! }
    var samples: [String: [Int: [CostSample]]] = [:]
    var notes: Set<String> = []
    for size in options.payloadSizes {
      for _ in 0..<options.repetitions {
        let run = CostRunScreen(self, payloadSize: size, heartbeat: heartbeat, options: options)
        try await run.appear()
        samples["floor", default: [:]][size, default: []].append(try await run.measure(nil))
        for action in measured {
          guard action.isOffered?(run.model) ?? true else {
            notes.insert("\(action.kind.rawValue) was not offered when its turn came; not measured")
            continue
          }
          samples[action.kind.rawValue, default: [:]][size, default: []].append(try await run.measure(action))
        }
        run.disappear()
      }
    }
    let names = ["floor"] + measured.map(\.kind.rawValue).filter { samples[$0] != nil }
    var costs: [ActionCost] = []
    var placements: [String: WorkPlacement] = [:]
    for name in names {
      guard let bySize = samples[name] else { continue }
      for size in options.payloadSizes {
        guard let series = bySize[size], !series.isEmpty else { continue }
        costs.append(ActionCost(name, size: size, series))
      }
      let sizes = options.payloadSizes.sorted()
      if sizes.count > 1, sizes[0] < sizes[sizes.count - 1],
        let note = Self.ignoredPayloadNote(name, small: bySize[sizes[0]], large: bySize[sizes[sizes.count - 1]])
      {
        notes.insert(note)
      }
      if sizes.count > 1, let small = bySize[sizes[0]], let large = bySize[sizes[sizes.count - 1]] {
        placements[name] = WorkPlacement.of(
          main: CostSample.medianMain(large) - CostSample.medianMain(small),
          offMain: CostSample.medianOffMain(large) - CostSample.medianOffMain(small))
      } else {
        placements[name] = WorkPlacement.none
      }
    }
    var isDebug = false
    assert(
      {
        isDebug = true
        return true
      }())
    return ScreenCostReport(
      screen: name, costs: costs, placements: placements, notes: notes.sorted(), isDebugBuild: isDebug)
  }
}

extension ScreenDescription {
  /// A note when an action's calls carried no more at the largest of two
  /// payload sizes than at the smallest (no more tokens, numbers or bytes): its
  /// answers ignore ``AnswerContent/payloadSize``, and its rows at
  /// different sizes measure the same answer.
  static func ignoredPayloadNote(_ action: String, small: [CostSample]?, large: [CostSample]?) -> String? {
    guard let small, let large else { return nil }
    let carried = { (samples: [CostSample]) in samples.map { $0.items + $0.bytes }.max() ?? 0 }
    guard large.contains(where: { $0.calls > 0 }), carried(large) <= carried(small) else { return nil }
    return "\(action): its answers carried as much at the largest payload size as at the smallest, so its rows at "
      + "each size measure the same answer; build them from answer.payloadSize "
      + "(answer.tokens(answer.payloadSize ?? 2), answer.json) for the sizes to mean anything"
  }
}

/// One repetition's measurement of one action.
struct CostSample {
  var timeToResult: Duration
  var mainBusy: Duration
  var longestStretch: Duration
  var missed60: Int
  var missed120: Int
  var offMainCPU: Duration
  var calls: Int
  var bytes: Int
  /// The tokens and numbers the answers handed out.
  var items = 0

  static func medianMain(_ samples: [CostSample]) -> Duration {
    median(samples.map(\.mainBusy))
  }

  static func medianOffMain(_ samples: [CostSample]) -> Duration {
    median(samples.map(\.offMainCPU))
  }

  private static func median(_ values: [Duration]) -> Duration {
    let sorted = values.sorted()
    return sorted.isEmpty ? .zero : sorted[sorted.count / 2]
  }
}

extension ActionCost {
  init(_ action: String, size: Int, _ samples: [CostSample]) {
    func milliseconds(_ path: KeyPath<CostSample, Duration>) -> CostFigure {
      CostFigure(samples.map { $0[keyPath: path] / .milliseconds(1) })
    }
    self.init(
      action: action, payloadSize: size, repetitions: samples.count, timeToResult: milliseconds(\.timeToResult),
      mainBusy: milliseconds(\.mainBusy), longestStretch: milliseconds(\.longestStretch),
      missedFrames60: CostFigure(samples.map { Double($0.missed60) }),
      missedFrames120: CostFigure(samples.map { Double($0.missed120) }), offMainCPU: milliseconds(\.offMainCPU),
      calls: samples.map(\.calls).sorted()[samples.count / 2], bytes: samples.map(\.bytes).sorted()[samples.count / 2])
  }
}

/// One fresh model of a cost run, its watch, and its measurements.
@MainActor
final class CostRunScreen<Model: AnyObject> {
  let model: Model
  private let description: ScreenDescription<Model>
  private let calls = CostCalls()
  private let heartbeat: MainActorHeartbeat
  private let options: ScreenCostOptions
  private var watch: AnyObject?
  private var changes = 0
  private var waiter: CheckedContinuation<Void, Never>?
  private var waiterSerial = 0
  /// CPU time the checker's own snapshot reads took: inside main-actor
  /// jobs (the measurement's), and in main-queue blocks (the watch's).
  private var harnessCPU: Duration = .zero
  private var watchCPU: Duration = .zero
  private var tasks: [(id: AnyHashable, handle: Task<Void, Never>)] = []

  init(
    _ description: ScreenDescription<Model>, payloadSize: Int, heartbeat: MainActorHeartbeat, options: ScreenCostOptions
  ) {
    self.description = description
    self.heartbeat = heartbeat
    self.options = options
    calls.reset(payloadSize: payloadSize)
    let box = WeakBox<CostRunScreen>()
    let display = DisplaySignal(screen: description.name) {
      DispatchQueue.main.async { MainActor.assumeIsolated { box.value?.changed() } }
    }
    model = description.make(ScreenDependencies(costCalls: calls, display: display))
    box.value = self
    watchModel()
  }

  private func watchModel() {
    let model = self.model
    let snapshot = description.snapshot
    let box = WeakBox<CostRunScreen>()
    box.value = self
    watch = description.observation.watch(
      model,
      {
        let before = CPUTime.currentThread()
        _ = snapshot(model)
        box.value?.watchCPU += CPUTime.currentThread() - before
      },
      { DispatchQueue.main.async { MainActor.assumeIsolated { box.value?.changed() } } })
  }

  private func changed() {
    changes += 1
    if description.observation.rearms { watchModel() }
    wake()
  }

  private func wake() {
    let waiting = waiter
    waiter = nil
    waiting?.resume()
  }

  /// Waits for a change, or for `duration`; returns whether a change came.
  private func nextChange(within duration: Duration) async -> Bool {
    let before = changes
    waiterSerial += 1
    let serial = waiterSerial
    await withCheckedContinuation { continuation in
      waiter = continuation
      DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(duration.nanoseconds))) {
        MainActor.assumeIsolated { [weak self] in
          guard let self, self.waiterSerial == serial else { return }
          self.wake()
        }
      }
    }
    return changes != before
  }

  /// Reads the snapshot, keeping the CPU time it took out of the screen's.
  private func read() -> ScreenSnapshot {
    let before = CPUTime.currentThread()
    defer { harnessCPU += CPUTime.currentThread() - before }
    return description.snapshot(model)
  }

  /// Starts the view's `.task` modifiers and waits for what they show.
  func appear() async throws {
    tasks = description.tasks.map { task in (task.id(model), start(task)) }
    if !tasks.isEmpty { _ = try await measure(nil, settling: true) }
  }

  private func start(_ task: ScreenTask<Model>) -> Task<Void, Never> {
    let model = self.model
    return Task(priority: task.priority) { await task.body(model) }
  }

  private func restartTasksWhoseIDChanged() {
    for (index, task) in description.tasks.enumerated() {
      let id = task.id(model)
      guard id != tasks[index].id else { continue }
      tasks[index].handle.cancel()
      tasks[index] = (id, start(task))
    }
  }

  func disappear() {
    for task in tasks { task.handle.cancel() }
    tasks = []
    watch = nil
  }

  /// Runs `action` (nothing, for the floor) and measures it until its
  /// result is on screen: its calls have ended, the screen shows no
  /// loading, a change has come after the last call ended, and then
  /// nothing changes for the quiet period.
  func measure(_ action: ScreenAction<Model>?, settling: Bool = false) async throws -> CostSample {
    calls.reset(payloadSize: calls.payloadSizeNow)
    var shown = read()
    harnessCPU = .zero
    watchCPU = .zero
    let start = ContinuousClock.now
    let processBefore = CPUTime.process()
    if let action {
      let value = action.kind == .type ? (action.texts?.first ?? "q1") : ""
      switch action.body {
      case .sync(let body): body(model, value)
      case .async(let body):
        let model = self.model
        Task { await body(model, value) }
      }
      restartTasksWhoseIDChanged()
    }
    var end = (instant: ContinuousClock.now, process: CPUTime.process(), harness: harnessCPU, watch: watchCPU)
    var changeAfterCalls = false
    while true {
      let changed = await nextChange(within: options.quietPeriod)
      let tally = calls.current
      if changed {
        let now = read()
        if now != shown {
          shown = now
          end = (.now, CPUTime.process(), harnessCPU, watchCPU)
          if let ended = tally.lastEnded, tally.inFlight == 0, ended <= end.instant { changeAfterCalls = true }
        }
      } else if tally.inFlight == 0, !shown.isLoading, tally.started == 0 || changeAfterCalls {
        break
      }
      if start.duration(to: .now) > options.bound {
        let what = action.map { "its \($0.kind.rawValue)" } ?? (settling ? "its .task modifiers" : "the floor")
        throw ScreenCostError(
          description:
            "\(description.name): \(what) showed no result within \(options.bound) (calls in flight: \(tally.inFlight), loading: \(shown.isLoading))"
        )
      }
    }
    let tally = calls.current
    // The heartbeat's first tick after the result: the stretch that ends the window is whole.
    _ = await heartbeat.tick(after: end.instant)
    return CostSample(
      ticks: heartbeat.ticks, from: start, to: end.instant, calls: tally, processCPU: end.process - processBefore,
      harnessCPU: end.harness + end.watch)
  }
}

extension CostSample {
  /// One action's sample, from what its run read: the heartbeat's ticks,
  /// the action's start and its last change on screen, its calls' tally,
  /// the process's CPU time between the two and the part of it the
  /// harness used. Pure, so that the rules are tested on ticks made up
  /// for them and not on a machine's timing.
  ///
  /// Frames are counted over the whole window, answers' building included
  /// (the display keeps its pace while the main actor waits for an
  /// answer); the main actor's work leaves the answers' building out, and
  /// so does the time to result, as it leaves out the network.
  init(
    ticks: [MainActorHeartbeat.Tick], from start: ContinuousClock.Instant, to end: ContinuousClock.Instant,
    calls tally: CostCalls.Tally, processCPU: Duration, harnessCPU: Duration
  ) {
    let resultAt = end.advanced(by: .zero - tally.answerWall)
    let window = start...max(start, end)
    let recent = ticks.suffix(while: { $0.instant >= start.advanced(by: .zero - MainActorBusy.period * 2) })
    let stretches = MainActorBusy.stretches(ticks: Array(recent), period: MainActorBusy.period, in: window)
      .flatMap { MainActorBusy.removing(tally.answerIntervals, from: $0) }
    let mainBusy = stretches.reduce(Duration.zero) { $0 + $1.worked }
    // A display misses frames while the main actor works, not while the machine runs other processes.
    let worked = stretches.map { $0.range.lowerBound...$0.range.lowerBound.advanced(by: $0.worked) }
    self.init(
      timeToResult: start.duration(to: resultAt),
      mainBusy: mainBusy,
      longestStretch: stretches.map(\.worked).max() ?? .zero,
      missed60: MainActorBusy.missedFrames(stretches: worked, in: window, period: FrameTicker.period(hertz: 60)),
      missed120: MainActorBusy.missedFrames(stretches: worked, in: window, period: FrameTicker.period(hertz: 120)),
      offMainCPU: max(.zero, processCPU - tally.answerProcessCPU - mainBusy - harnessCPU),
      calls: tally.started, bytes: tally.bytes, items: tally.items)
  }
}

extension Array {
  /// The longest suffix whose elements all satisfy `predicate`, for a sorted array.
  fileprivate func suffix(while predicate: (Element) -> Bool) -> ArraySlice<Element> {
    var index = endIndex
    while index > startIndex, predicate(self[index - 1]) { index -= 1 }
    return self[index...]
  }
}

/// A weak reference handed to callbacks made before the object is whole.
@MainActor
private final class WeakBox<Object: AnyObject> {
  weak var value: Object?
}
