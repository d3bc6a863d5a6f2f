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
  private var running: [(id: AnyHashable, handle: Task<Void, Never>)] = []
  /// The work of the newest action whose render is still queued: a task
  /// that render restarts works for it, and it keeps the trial's work
  /// unfinished until the render ran.
  private var renderWork: ActionWork?
  private var unreturned: [Int: ActionRecord] = [:]

  init(_ description: ScreenDescription<Model>, context: TrialContext) {
    self.description = description
    self.trial = context
    let serial = context.probeSerial
    let signal = DisplaySignal(screen: description.name) { [weak self] in
      let inside = ActionWork.isTrialsWork(serial)
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
    guard let entry = description.actions.first(where: { $0.kind == action.kind }) else {
      preconditionFailure("DescribedScreenAdapter: the checker chose \(action.kind), which the screen does not have")
    }
    let model = self.model!
    switch entry.body {
    case .sync(let body):
      body(model, action.value)
    case .async(let body):
      unreturned[action.index] = action
      let index = action.index
      Task(priority: context.taskPriority) { [weak self] in
        await body(model, action.value)
        self?.unreturned[index] = nil
      }
    }
    // A render follows the action; there `.task(id:)` sees a changed id.
    renderWork = context.actionWork(action.index)
    queueSnapshot(insideActionWork: true)
  }

  func disappear() {
    ended = true
    renderWork = nil
    for entry in running { entry.handle.cancel() }
    running = []
  }

  var isLoading: Bool? { description.snapshot(model).isLoading }

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
    watch = description.observation.watch(
      model, { _ = snapshot(model) },
      { [weak self] in
        let inside = ActionWork.isTrialsWork(serial)
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
    let work = renderWork ?? context.actionWork(context.actionsMade)
    renderWork = nil
    restartTasksWhoseIDChanged(as: work)
  }

  private func take(insideActionWork inside: Bool) {
    if description.observation.rearms { startWatching() }
    let snapshot = description.snapshot(model)
    guard snapshot != previous else { return }
    defer { previous = snapshot }
    context.viewLog.append(inside ? "shows \(snapshot)" : "shows \(snapshot) (outside the actions' tasks)")
    context.record(display(of: snapshot, insideActionWork: inside))
  }

  // MARK: - .task(id:)

  private func start(_ task: ScreenTask<Model>, as work: ActionWork?) -> Task<Void, Never> {
    let model = self.model!
    let body = task.body
    return ActionWork.$current.withValue(work) {
      Task(priority: task.priority ?? context.taskPriority) { await body(model) }
    }
  }

  private func restartTasksWhoseIDChanged(as work: ActionWork?) {
    for (index, task) in description.tasks.enumerated() where index < running.count {
      let id = task.id(model)
      guard id != running[index].id else { continue }
      running[index].handle.cancel()
      running[index] = (id, start(task, as: work))
    }
  }

  // MARK: - Attribution

  /// What `snapshot` shows, attributed by content: each result to the call
  /// whose answer handed out its token.
  private func display(of snapshot: ScreenSnapshot, insideActionWork inside: Bool) -> Display {
    let calls = context.switchboard.records
    let items = snapshot.results.map { token -> ShownItem in
      guard let id = context.switchboard.call(owning: token) else {
        // With no call made at all, the result came from something else
        // than the checker's endpoints: say that, not that it is unreadable.
        let action = context.actions.records.last?.description ?? "the start"
        context.report(
          calls.isEmpty
            ? .neverCalledEndpoint(screen: description.name, action: action)
            : .unattributableResult(screen: description.name, result: token))
        return ShownItem(token: token, generation: nil)
      }
      let call = calls[id - 1]
      return ShownItem(
        token: token, generation: context.generation(of: call.action), call: id,
        position: call.tokens.firstIndex(of: token))
    }
    let before = Set(previous.results)
    var error: ShownError?
    if let message = snapshot.error, message != previous.error {
      error = attribute(message, calls: calls)
      errorOnScreen = error
    } else if snapshot.error == nil {
      errorOnScreen = nil
    }
    let label = snapshot.label.flatMap { context.actions.action(issuing: $0) }.map { context.generation(of: $0) }
    return Display(
      items: items, newlyShown: items.filter { !before.contains($0.token) }, label: label, error: error,
      errorOnScreen: errorOnScreen, isLoading: snapshot.isLoading, insideActionWork: inside,
      inFlight: context.switchboard.actionsInFlight,
      text: "shows \(snapshot)")
  }

  /// The call an error message was shown for: the one whose failure it
  /// names, or, for a message that names none, the newest action's; and
  /// whether it is genuine.
  private func attribute(_ message: String, calls: [CallRecord]) -> ShownError {
    if let failed = calls.first(where: { $0.outcome.isFailure && message.contains(ScreenCheckFailure.mark($0.label)) })
    {
      return ShownError(message: message, generation: context.generation(of: failed.action), genuine: true)
    }
    if CancellationMessages.all.contains(where: { message.contains($0) }) {
      return ShownError(message: message, generation: nil, genuine: false)
    }
    let newest = context.actions.records.last?.generation ?? 0
    let genuine = calls.contains { $0.outcome.isFailure && context.generation(of: $0.action) == newest }
    return ShownError(message: message, generation: genuine ? newest : nil, genuine: genuine)
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
