import Foundation

/// Runs a ``ScreenDescription`` in a trial: builds its model from the
/// trial's dependencies, performs the checker's actions on it, runs its
/// `.task(id:)` modifiers as SwiftUI does, and turns every change of its
/// snapshot into a ``Display``.
///
/// A change is seen when it happens (Observation's `onChange`, Combine's
/// `objectWillChange`, a display call) and read after the main-actor job
/// that made it, as a render would read it: the snapshot is taken by a job
/// queued on the main actor at the first change, so a job that sets several
/// properties is seen once, with all of them set. That render is also where
/// `.task(id:)` sees a changed id, as in SwiftUI: a task's restart after an
/// action waits behind the main-actor jobs queued before it.
///
/// In systematic mode (``TrialContext/reactionsAreChoices``) the view's
/// reaction to an action is the checker's choice instead: the render that
/// restarts `.task(id:)` and the start of an async action's closure wait
/// for ``react()`` (at once, or later with a `v` step), and several actions
/// made before it get one render, which restarts a task once, for the id it
/// then sees, as SwiftUI coalesces them.
///
/// The model is the trial's own, so every change of it is the trial's work
/// (``ActionWork/isTrialsWork(_:)``): one made in a task the actions started,
/// in a `Task.detached` one of them started, or in a block the screen's code
/// handed to `DispatchQueue.main.async`. Only a task working for another
/// trial makes a change outside it.
@MainActor
final class DescribedScreenAdapter<Model: AnyObject>: ScreenAdapter {
  private let description: ScreenDescription<Model>
  /// The trial, which owns this adapter. A change seen after the trial
  /// ended (a task of the screen that outlived it) is ignored.
  private weak var trial: TrialContext?
  private var context: TrialContext {
    guard let trial else { preconditionFailure("DescribedScreenAdapter: used after its trial ended") }
    return trial
  }
  private var ended = false
  private var model: Model!
  private var watch: AnyObject?
  private var previous = ScreenSnapshot()
  private var errorOnScreen: ShownError?
  private var snapshotQueued = false
  private var changedOutsideWork = false
  /// What made the changes the next snapshot shows, noted in the job that
  /// made each (a render queued before that job may read it).
  private let causes = ChangeCauses()
  private var running: [(id: AnyHashable, handle: Task<Void, Never>)] = []
  /// The work of the newest action whose render is still queued: a task
  /// that render restarts works for it, and it keeps the trial's work
  /// unfinished until the render ran.
  private var renderWork: ActionWork?
  private var unreturned: [Int: ActionRecord] = [:]
  /// The oldest action the view has not reacted to, in systematic mode.
  private(set) var pendingReaction: Int?
  /// Async actions whose closures start at the view's reaction.
  private var pendingStarts: [ActionRecord] = []
  /// Keeps the trial's work unfinished while a reaction is pending.
  private var reactionWork: ActionWork?

  init(_ description: ScreenDescription<Model>, context: TrialContext) {
    self.description = description
    self.trial = context
    let serial = context.probeSerial
    let causes = self.causes
    let signal = DisplaySignal(screen: description.name) { [weak self] in
      let inside = ActionWork.isTrialsWork(serial)
      causes.note(ActionWork.action(inTrial: serial))
      DispatchQueue.main.async { MainActor.assumeIsolated { self?.changed(insideActionWork: inside) } }
    }
    let dependencies = ScreenDependencies(switchboard: context.switchboard, clock: context.clock, display: signal)
    model = description.make(dependencies)
    startWatching()
  }

  func appear() {
    context.viewLog.append("appear")
    running = description.tasks.map { task in (task.id(model), start(task, as: context.actionWork(0))) }
    take(insideActionWork: true)
  }

  func perform(_ action: ActionRecord) {
    context.viewLog.append("action \(action)")
    let entry = self.entry(action)
    let model = self.model!
    switch entry.body {
    case .sync(let body):
      body(model, action.value)
    case .async:
      unreturned[action.index] = action
      if context.reactionsAreChoices {
        pendingStarts.append(action)
      } else {
        startClosure(of: action)
      }
    }
    // A render follows the action; there `.task(id:)` sees a changed id.
    renderWork = context.actionWork(action.index)
    if context.reactionsAreChoices, !pendingStarts.isEmpty || anyTaskIDChanged {
      pendingReaction = pendingReaction ?? action.index
      reactionWork = context.actionWork(action.index)
    }
    causes.note(action.index)
    queueSnapshot(insideActionWork: true)
  }

  func offers(_ kind: ActionKind) -> Bool {
    guard let entry = description.actions.first(where: { $0.kind == kind }) else { return false }
    return entry.isOffered?(model) ?? true
  }

  func seesAtOnce(_ action: ActionRecord) -> Bool {
    if case .sync = entry(action).body { return true }
    return false
  }

  func react() {
    guard let since = pendingReaction else { return }
    pendingReaction = nil
    let newest = context.actionsMade
    context.viewLog.append(
      since == newest ? "the view reacts to action \(since)" : "the view reacts to actions \(since)–\(newest)")
    let starts = pendingStarts
    pendingStarts = []
    for action in starts { startClosure(of: action) }
    if restartTasksWhoseIDChanged(as: context.actionWork(newest)) { context.noteReaction(to: newest) }
    // This was the render the action's queued one waited for.
    renderWork = nil
    reactionWork = nil
  }

  private func entry(_ action: ActionRecord) -> ScreenAction<Model> {
    guard let entry = description.actions.first(where: { $0.kind == action.kind }) else {
      preconditionFailure("DescribedScreenAdapter: the checker chose \(action.kind), which the screen does not have")
    }
    return entry
  }

  /// Starts an async action's closure in a task of its own, as
  /// `.refreshable` does; the screen sees the action when it starts.
  private func startClosure(of action: ActionRecord) {
    guard case .async(let body) = entry(action).body else { return }
    let model = self.model!
    let index = action.index
    let context = self.context
    _ = context.withActionWork(index) {
      Task(priority: context.taskPriority) { [weak self] in
        // What changed before the closure started was shown before the
        // screen saw the action, whenever the render reads it.
        self?.lookAtScreen()
        if self != nil { context.noteSeen(index) }
        await body(model, action.value)
        self?.unreturned[index] = nil
      }
    }
  }

  func disappear() {
    ended = true
    renderWork = nil
    pendingReaction = nil
    pendingStarts = []
    reactionWork = nil
    for entry in running { entry.handle.cancel() }
    running = []
  }

  var isLoading: Bool? { context.timingSnapshot { description.snapshot(model).isLoading } }

  var unreturnedActions: [ActionRecord] { unreturned.values.sorted { $0.index < $1.index } }

  func lookAtScreen() {
    guard !ended, trial != nil else { return }
    let inside = !changedOutsideWork
    changedOutsideWork = false
    take(insideActionWork: inside)
  }

  // MARK: - Changes

  private func startWatching() {
    let serial = context.probeSerial
    let snapshot = description.snapshot
    let model = self.model!
    let context = self.context
    let causes = self.causes
    watch = description.observation.watch(
      model, { _ = context.timingSnapshot { snapshot(model) } },
      { [weak self] in
        let inside = ActionWork.isTrialsWork(serial)
        causes.note(ActionWork.action(inTrial: serial))
        DispatchQueue.main.async { MainActor.assumeIsolated { self?.changed(insideActionWork: inside) } }
      })
  }

  private func changed(insideActionWork inside: Bool) {
    guard !ended, trial != nil else { return }
    queueSnapshot(insideActionWork: inside)
  }

  /// Reads the snapshot after the main-actor job now running, once for every
  /// change made until then.
  private func queueSnapshot(insideActionWork inside: Bool) {
    changedOutsideWork = changedOutsideWork || !inside
    guard !snapshotQueued else { return }
    snapshotQueued = true
    DispatchQueue.main.async { [weak self] in MainActor.assumeIsolated { self?.takeQueuedSnapshot() } }
  }

  private func takeQueuedSnapshot() {
    snapshotQueued = false
    guard !ended, trial != nil else { return }
    let inside = !changedOutsideWork
    changedOutsideWork = false
    take(insideActionWork: inside)
    // In systematic mode the view reacts to an action when the checker says.
    guard pendingReaction == nil else { return }
    let work = renderWork ?? context.actionWork(context.actionsMade)
    renderWork = nil
    if restartTasksWhoseIDChanged(as: work), let index = work?.action { context.noteReaction(to: index) }
  }

  private func take(insideActionWork inside: Bool) {
    if description.observation.rearms { startWatching() }
    let snapshot = context.timingSnapshot { description.snapshot(model) }
    let madeBy = causes.take()
    guard snapshot != previous else { return }
    defer { previous = snapshot }
    context.viewLog.append(inside ? "shows \(snapshot)" : "shows \(snapshot) (outside the actions' tasks)")
    context.record(display(of: snapshot, insideActionWork: inside, madeBy: madeBy))
  }

  // MARK: - .task(id:)

  private func start(_ task: ScreenTask<Model>, as work: ActionWork?) -> Task<Void, Never> {
    let model = self.model!
    let body = task.body
    return ActionWork.$current.withValue(work) {
      Task(priority: task.priority ?? context.taskPriority) { await body(model) }
    }
  }

  /// Whether a `.task(id:)` modifier's id differs from its running task's.
  private var anyTaskIDChanged: Bool {
    description.tasks.indices.contains { $0 < running.count && description.tasks[$0].id(model) != running[$0].id }
  }

  /// Restarts each task whose id changed; returns whether any did.
  @discardableResult
  private func restartTasksWhoseIDChanged(as work: ActionWork?) -> Bool {
    var restarted = false
    for (index, task) in description.tasks.enumerated() where index < running.count {
      let id = task.id(model)
      guard id != running[index].id else { continue }
      running[index].handle.cancel()
      running[index] = (id, start(task, as: work))
      restarted = true
    }
    return restarted
  }

  // MARK: - Attribution

  /// What `snapshot` shows, attributed by content: each result to the call
  /// whose answer handed out its token.
  private func display(
    of snapshot: ScreenSnapshot, insideActionWork inside: Bool, madeBy: (causes: [Int?], since: ContinuousClock.Instant)
  ) -> Display {
    let items = snapshot.results.map { token -> ShownItem in
      guard let id = context.switchboard.call(owning: token), let call = context.switchboard.record(id) else {
        // With no call made at all, the result came from something else
        // than the checker's endpoints: say that, not that it is unreadable.
        let action = context.actions.records.last?.description ?? "the start"
        context.report(
          context.switchboard.callCount == 0
            ? .neverCalledEndpoint(screen: description.name, action: action)
            : .unattributableResult(screen: description.name, result: token))
        return ShownItem(token: token, generation: nil)
      }
      return ShownItem(
        token: token, generation: context.generation(of: call.action), call: id,
        position: call.tokens.firstIndex(of: token))
    }
    let before = Set(previous.results)
    var error: ShownError?
    if let message = snapshot.error {
      // The same text may be a newer failure's: a render that came after
      // two changes (cleared, then failed again) shows it unchanged.
      let attributed = attribute(message, calls: context.switchboard.records, madeBy: madeBy)
      // An error kept on screen unchanged, when nothing newer failed, is
      // still the failure it was shown for ("Couldn't load q1" while q2
      // loads), whether or not its message names the call.
      let kept = message == previous.error && attributed.generation == nil && errorOnScreen?.genuine == true
      if !kept, message != previous.error || attributed.generation != errorOnScreen?.generation {
        error = attributed
        errorOnScreen = attributed
      }
    } else {
      errorOnScreen = nil
    }
    let label = snapshot.label.flatMap { context.actions.action(issuing: $0) }.map { context.generation(of: $0) }
    var display = Display(
      items: items, newlyShown: items.filter { !before.contains($0.token) }, label: label, error: error,
      errorOnScreen: errorOnScreen, isLoading: snapshot.isLoading, insideActionWork: inside,
      inFlight: context.switchboard.actionsInFlight,
      text: "shows \(snapshot)")
    display.disagreeing = snapshot.disagreeing.map(\.name)
    return display
  }

  /// The call an error message was shown for, and whether it is genuine.
  ///
  /// By content first, as results are: the failed call whose mark the
  /// message carries, or a cancellation's own text. Then by cause: the
  /// failure that the work which made the change had met, the last to end
  /// of the calls that work made, whatever the message says, so a fixed
  /// message ("Couldn't refresh the inbox.") is as good as one that names
  /// its call; and when that work's calls failed none but were cancelled,
  /// the message shows a cancellation. When the change was made outside
  /// the trial's tasks, or another call failed between the change and the
  /// read (a change the read may show without having seen it), the cause
  /// cannot say: the call that failed last of the newest action's
  /// generation or of the newest generation is blamed.
  private func attribute(
    _ message: String, calls: [CallRecord], madeBy: (causes: [Int?], since: ContinuousClock.Instant)
  ) -> ShownError {
    if let failed = calls.first(where: { $0.outcome.isFailure && message.contains(ScreenCheckFailure.mark($0.label)) })
    {
      return ShownError(message: message, generation: context.generation(of: failed.action), genuine: true)
    }
    if CancellationMessages.all.contains(where: { message.contains($0) }) {
      return ShownError(message: message, generation: nil, genuine: false)
    }
    let works = Set(madeBy.causes.compactMap { $0 })
    let ended = calls.filter { call in call.end != nil && call.work.map(works.contains) == true }
    if let failed = ended.filter(\.outcome.isFailure).max(by: { $0.end! < $1.end! }) {
      return ShownError(message: message, generation: context.generation(of: failed.action), genuine: true)
    }
    let failedSince = calls.contains { call in
      call.outcome.isFailure && call.end.map { $0 >= madeBy.since } == true
    }
    if !works.isEmpty, !madeBy.causes.contains(nil), !failedSince,
      ended.contains(where: { $0.outcome == .cancelled })
    {
      return ShownError(message: message, generation: nil, genuine: false)
    }
    // The newest action's generation, or the newest generation: a next
    // page made while a refresh ran continues the older list, and the
    // refresh's failure is still the screen's to show.
    let records = context.actions.records
    let current = Set([records.last?.generation ?? 0, records.map(\.generation).max() ?? 0])
    let failed =
      calls
      .filter { $0.outcome.isFailure && current.contains(context.generation(of: $0.action)) }
      .max { ($0.end ?? $0.start) < ($1.end ?? $1.start) }
    let generation = failed.map { context.generation(of: $0.action) }
    return ShownError(message: message, generation: generation, genuine: generation != nil)
  }
}

/// The texts a cancellation turns into when a screen shows it as an error.
enum CancellationMessages {
  /// `CancellationError`'s and `URLError(.cancelled)`'s descriptions.
  static let all: [String] = {
    let errors: [any Error] = [CancellationError(), URLError(.cancelled)]
    return errors.map(\.localizedDescription)
  }()
}

/// What made a screen's changes since its snapshot was last read: the
/// action whose work made each (``ActionWork``), or `nil` for a change made
/// outside the trial's tasks (a Dispatch block, a detached task), and when
/// the first was made. Noted in the job that makes the change, from any
/// thread; the snapshot is read once for all of them, and a change made
/// after the first, before the read, may not be noted on its own
/// (observation is armed again only at the read).
final class ChangeCauses {
  private let lock = NSLock()
  private var causes: [Int?] = []
  private var since = ContinuousClock.now

  /// Notes a change made by the work of `action`.
  func note(_ action: Int?) {
    lock.withLock {
      if causes.isEmpty { since = .now }
      causes.append(action)
    }
  }

  /// The causes noted since the last call, and when the first was.
  func take() -> (causes: [Int?], since: ContinuousClock.Instant) {
    lock.withLock {
      defer { causes = [] }
      return (causes, since)
    }
  }
}

// Safety: `causes` and `since` are read and written only while `lock` is held.
extension ChangeCauses: @unchecked Sendable {}
