import ScreenChecks

/// A screen in the guides' shape: a main-actor view controller whose tap
/// starts a task that calls an actor interactor, which fetches two things in
/// parallel (`async let`) through a nonisolated worker and presents the
/// result back on the main actor.
@MainActor
final class SampleScreen {
  let log: EventLog
  private let interactor: SampleInteractor
  private(set) var shown: [String] = []

  init(log: EventLog) {
    self.log = log
    self.interactor = SampleInteractor(log: log)
  }

  /// The tap: synchronous on the main actor, as a button's action is.
  func tap(_ request: Int) {
    log.record("tap \(request)")
    Task { await interactor.load(request, presentingOn: self) }
  }

  /// What the interactor presents, on the main actor.
  func present(_ text: String) {
    log.record("show \(text)")
    shown.append(text)
  }
}

/// The screen's interactor.
actor SampleInteractor {
  private let log: EventLog
  private let worker: SampleWorker

  init(log: EventLog) {
    self.log = log
    self.worker = SampleWorker(log: log)
  }

  func load(_ request: Int, presentingOn screen: SampleScreen) async {
    log.record("load \(request)")
    async let name = worker.fetch("name", for: request)
    async let avatar = worker.fetch("avatar", for: request)
    let text = await "\(name)+\(avatar)"
    log.record("loaded \(request)")
    await screen.present(text)
  }
}

/// A stateless worker whose `fetch` runs on the global executor.
struct SampleWorker {
  let log: EventLog

  nonisolated func fetch(_ part: String, for request: Int) async -> String {
    log.record("fetch \(part) \(request)")
    await Task.yield()
    log.record("fetched \(part) \(request)")
    return "\(part)\(request)"
  }
}
