/// One thing the user can do to a screen, and how the checker does it to
/// the screen's model: the same call the screen's view makes.
///
/// ```swift
/// .type { model, text in model.query = text }   // a text field bound to the query
/// .refresh { model in await model.refresh() }   // .refreshable { await model.refresh() }
/// .nextPage { model in model.loadNextPage() }   // .onAppear of the last row
/// ```
///
/// An action's synchronous part runs on the main actor at the moment the
/// checker chooses; an `async` action runs as a task of its own, as
/// SwiftUI's `.refreshable` runs its closure, and must return once
/// everything the checker controls has been answered.
///
/// An action the screen offers only sometimes says when, read from the
/// model as the view reads it; the checker takes it only then, in every
/// mode and in replays:
///
/// ```swift
/// .nextPage { $0.loadNextPage() }.when { $0.hasMore }   // the last row shows only while there is more
/// .clear { $0.query = "" }.when { !$0.query.isEmpty }    // the clear button
/// ```
public struct ScreenAction<Model: AnyObject>: Sendable {
  /// How the action runs.
  package enum Body: Sendable {
    /// Synchronously, on the main actor.
    case sync(@MainActor @Sendable (Model, String) -> Void)
    /// In a task of its own.
    case async(@MainActor @Sendable (Model, String) async -> Void)
  }

  /// What the user does.
  public let kind: ActionKind
  package let body: Body
  /// When the screen offers the action; always when `nil`.
  package let isOffered: (@MainActor @Sendable (Model) -> Bool)?

  package init(kind: ActionKind, body: Body, isOffered: (@MainActor @Sendable (Model) -> Bool)? = nil) {
    self.kind = kind
    self.body = body
    self.isOffered = isOffered
  }

  /// The same action, offered only while `isOffered` says so: a button
  /// shown only while an error shows, "load more" only while there is
  /// more. Read on the main actor, from the model, whenever the checker
  /// could act.
  public func when(_ isOffered: @escaping @MainActor @Sendable (Model) -> Bool) -> Self {
    Self(kind: kind, body: body, isOffered: isOffered)
  }

  /// Load, or tap "refresh".
  public static func load(_ body: @escaping @MainActor @Sendable (Model) -> Void) -> Self {
    Self(kind: .load, body: .sync { model, _ in body(model) })
  }

  /// Load, or tap "refresh", awaiting the load.
  public static func load(_ body: @escaping @MainActor @Sendable (Model) async -> Void) -> Self {
    Self(kind: .load, body: .async { model, _ in await body(model) })
  }

  /// Pull to refresh.
  public static func refresh(_ body: @escaping @MainActor @Sendable (Model) -> Void) -> Self {
    Self(kind: .refresh, body: .sync { model, _ in body(model) })
  }

  /// Pull to refresh, awaiting the refresh, as `.refreshable { await … }` does.
  public static func refresh(_ body: @escaping @MainActor @Sendable (Model) async -> Void) -> Self {
    Self(kind: .refresh, body: .async { model, _ in await body(model) })
  }

  /// Type a query; the checker chooses the text (`q1`, `q2`, …), a different one each time.
  public static func type(_ body: @escaping @MainActor @Sendable (Model, String) -> Void) -> Self {
    Self(kind: .type, body: .sync(body))
  }

  /// Clear the query.
  public static func clear(_ body: @escaping @MainActor @Sendable (Model) -> Void) -> Self {
    Self(kind: .clear, body: .sync { model, _ in body(model) })
  }

  /// Load the next page of the current query.
  public static func nextPage(_ body: @escaping @MainActor @Sendable (Model) -> Void) -> Self {
    Self(kind: .nextPage, body: .sync { model, _ in body(model) })
  }

  /// Load the next page of the current query, awaiting it.
  public static func nextPage(_ body: @escaping @MainActor @Sendable (Model) async -> Void) -> Self {
    Self(kind: .nextPage, body: .async { model, _ in await body(model) })
  }
}
