/// What the user of a screen sees at one moment: the checker's view of a
/// view model's state, read after every main-actor change.
///
/// `results` are what the screen lists, identified by the tokens the
/// checker's answers handed out (an item's id, its title): they say which
/// request each result belongs to, whatever the screen thinks. `label` is
/// what the screen thinks: the query (or key) it says its results are for,
/// when it says.
///
/// ```swift
/// ScreenSnapshot(results: model.items.map(\.id), isLoading: model.isSearching, error: model.errorMessage)
/// ```
public struct ScreenSnapshot: Sendable, Equatable, CustomStringConvertible {
  /// The results on screen, in order, as the tokens they were built from.
  public var results: [String]
  /// The query (or key) the screen says its results belong to, if it says.
  public var label: String?
  /// Whether the loading indicator is on.
  public var isLoading: Bool
  /// The error message on screen, if any.
  public var error: String?
  /// Whether the screen shows its empty state ("No results").
  public var showsEmptyState: Bool

  /// Describes what the user sees.
  /// - Parameters:
  ///   - results: the results on screen, in order, as the tokens they were built from.
  ///   - label: the query the screen says its results belong to; `nil` when it does not say.
  ///   - isLoading: whether the loading indicator is on; `false` by default.
  ///   - error: the error message on screen, if any.
  ///   - showsEmptyState: whether the empty state is shown; `false` by default.
  public init(
    results: [String] = [], label: String? = nil, isLoading: Bool = false, error: String? = nil,
    showsEmptyState: Bool = false
  ) {
    self.results = results
    self.label = label
    self.isLoading = isLoading
    self.error = error
    self.showsEmptyState = showsEmptyState
  }

  /// `[q1-1, q1-2] for "q1", spinner, error "…"`.
  public var description: String {
    var parts = ["[\(results.joined(separator: ", "))]"]
    if let label { parts[0] += " for \"\(label)\"" }
    if isLoading { parts.append("spinner") }
    if let error { parts.append("error \"\(error)\"") }
    if showsEmptyState { parts.append("empty state") }
    return parts.joined(separator: ", ")
  }
}
