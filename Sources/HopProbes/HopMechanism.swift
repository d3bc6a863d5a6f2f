/// A way for the interactor's actor to hand a response to a presenter.
///
/// Every mechanism delivers the response to the real presenter (through
/// ``StampingPresenter``, or ``PresenterActor`` for the actor alternative),
/// so each sample carries the same formatting work, measured apart.
public enum HopMechanism: String, Sendable, CaseIterable, CustomStringConvertible {
  /// The guide's call: `await presenter.presentProfile(response:)` from the
  /// interactor's actor to the `@MainActor` presenter, and back.
  case guideAwait = "await-presenter"
  /// No hop: the presenter called synchronously from the main actor.
  case directCall = "direct-call"
  /// The presenter on an actor of its own: actor → actor on the cooperative pool.
  case actorToActor = "actor-to-actor"
  /// `await MainActor.run { presenter.presentProfile(response:) }`.
  case mainActorRun = "mainactor-run"
  /// `DispatchQueue.main.async { … }`, awaited through a continuation.
  case dispatchMainAsync = "dispatch-main-async"
  /// `Task { @MainActor in … }`, fire and forget; the return leg is `await task.value`.
  case taskOnMainActor = "task-mainactor"
  /// `AsyncStream` yield to a consumer task on the main actor; the return leg
  /// is an acknowledgement the consumer resumes.
  case asyncStream = "asyncstream"

  /// A human title, like "await presenter.presentProfile (guide)".
  public var title: String {
    switch self {
    case .guideAwait: "await presenter.presentProfile (guide)"
    case .directCall: "direct synchronous call (no hop)"
    case .actorToActor: "actor -> actor (presenter on an actor)"
    case .mainActorRun: "await MainActor.run { }"
    case .dispatchMainAsync: "DispatchQueue.main.async + continuation"
    case .taskOnMainActor: "Task { @MainActor in } (one-way)"
    case .asyncStream: "AsyncStream -> main-actor consumer"
    }
  }

  /// The kebab-case name used in tables.
  public var description: String { rawValue }
}
