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
  /// The texts a type action types, in order; the checker's own when `nil`.
  package let texts: [String]?
  /// The texts the screen is described to ignore; none when `nil`.
  package let ignores: (@Sendable (String) -> Bool)?

  package init(
    kind: ActionKind, body: Body, isOffered: (@MainActor @Sendable (Model) -> Bool)? = nil, texts: [String]? = nil,
    ignores: (@Sendable (String) -> Bool)? = nil
  ) {
    self.kind = kind
    self.body = body
    self.isOffered = isOffered
    self.texts = texts
    self.ignores = ignores
  }

  /// The same action, offered only while `isOffered` says so: a button
  /// shown only while an error shows, "load more" only while there is
  /// more. Read on the main actor, from the model, whenever the checker
  /// could act.
  public func when(_ isOffered: @escaping @MainActor @Sendable (Model) -> Bool) -> Self {
    Self(kind: kind, body: body, isOffered: isOffered, texts: texts, ignores: ignores)
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

  /// Type the user's own texts: the first the trial types is `texts[0]`,
  /// the next `texts[1]`, …, so that the screen's rules on the text (a
  /// minimum length, trimming, case) are checked on texts that exercise
  /// them.
  ///
  /// ```swift
  /// .type(texts: ["swift", "sw", "swiftui"], ignoring: { $0.count < 3 }) { $0.query = $1 }
  /// ```
  ///
  /// The checker tells calls apart by the text they carry, so no two texts
  /// may be equal once trimmed and lower-cased, and none may be a word of
  /// another; give at least as many texts as a trial has actions.
  /// - Parameters:
  ///   - texts: the texts, in the order a trial types them.
  ///   - ignoring: the texts the screen does not search for (too short,
  ///     blank): typing one is graded as a clear — nothing of an older
  ///     query may appear, and the spinner must go off. None by default.
  ///   - body: what the text field does with a text.
  public static func type(
    texts: [String], ignoring: (@Sendable (String) -> Bool)? = nil,
    _ body: @escaping @MainActor @Sendable (Model, String) -> Void
  ) -> Self {
    Self(kind: .type, body: .sync(body), texts: texts, ignores: ignoring)
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

  /// Tap "Try again": the screen repeats its newest request. The retry's
  /// calls are its own, and its answer is the one that must win. Offered
  /// only once something was asked for; say when the screen shows the
  /// button with ``when(_:)``:
  ///
  /// ```swift
  /// .retry { $0.retry() }.when { $0.errorMessage != nil }
  /// ```
  public static func retry(_ body: @escaping @MainActor @Sendable (Model) -> Void) -> Self {
    Self(kind: .retry, body: .sync { model, _ in body(model) })
  }

  /// Tap "Try again", awaiting the retry.
  public static func retry(_ body: @escaping @MainActor @Sendable (Model) async -> Void) -> Self {
    Self(kind: .retry, body: .async { model, _ in await body(model) })
  }
}
