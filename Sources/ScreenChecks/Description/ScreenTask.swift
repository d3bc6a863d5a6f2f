/// A SwiftUI `.task` or `.task(id:)` modifier of the screen's view, which
/// the checker runs headless with SwiftUI's documented semantics: the task
/// starts when the view appears; when the id changes, the running task is
/// cancelled and a new one starts; when the view disappears (the end of a
/// trial), the task is cancelled.
///
/// ```swift
/// .task(id: { $0.refreshID }) { model in await model.load() }   // .task(id: model.refreshID) { await model.load() }
/// .task(priority: .low) { model in await model.watch() }          // .task(priority: .low) { await model.watch() }
/// ```
///
/// The task runs at the priority given, as the view's would; without one,
/// at the checker's own (SwiftUI's default is `.userInitiated`). Either
/// way, systematic mode counts its jobs.
public struct ScreenTask<Model: AnyObject>: Sendable {
  /// The value whose changes restart the task, read on the main actor.
  package let id: @MainActor @Sendable (Model) -> AnyHashable
  /// The priority the view gives the task, if any.
  package let priority: TaskPriority?
  /// The task's body.
  package let body: @MainActor @Sendable (Model) async -> Void

  /// `.task(priority:) { … }`: starts once, when the screen appears.
  public static func task(
    priority: TaskPriority? = nil, _ body: @escaping @MainActor @Sendable (Model) async -> Void
  ) -> Self {
    Self(id: { _ in AnyHashable(0) }, priority: priority, body: body)
  }

  /// `.task(id:priority:) { … }`: restarts whenever `id` changes.
  public static func task<ID: Hashable>(
    id: @escaping @MainActor @Sendable (Model) -> ID, priority: TaskPriority? = nil,
    _ body: @escaping @MainActor @Sendable (Model) async -> Void
  ) -> Self {
    Self(id: { AnyHashable(id($0)) }, priority: priority, body: body)
  }
}
