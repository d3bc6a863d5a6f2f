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
///
/// Values the screen computes from its results (a count, a total, a badge)
/// are ``derived`` values: each says what the screen shows and what it
/// would show if it agreed with the results beside it.
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
  /// Values computed from the results, each beside what the results on
  /// screen say it should be.
  public var derived: [DerivedValue]

  /// Describes what the user sees.
  /// - Parameters:
  ///   - results: the results on screen, in order, as the tokens they were built from.
  ///   - label: the query the screen says its results belong to; `nil` when it does not say.
  ///   - isLoading: whether the loading indicator is on; `false` by default.
  ///   - error: the error message on screen, if any.
  ///   - showsEmptyState: whether the empty state is shown; `false` by default.
  ///   - derived: values computed from the results; none by default.
  public init(
    results: [String] = [], label: String? = nil, isLoading: Bool = false, error: String? = nil,
    showsEmptyState: Bool = false, derived: [DerivedValue] = []
  ) {
    self.results = results
    self.label = label
    self.isLoading = isLoading
    self.error = error
    self.showsEmptyState = showsEmptyState
    self.derived = derived
  }

  /// The derived values that disagree with the results beside them.
  package var disagreeing: [DerivedValue] { derived.filter { $0.shown != $0.expected } }

  /// `[q1-1, q1-2] for "q1", spinner, error "…"`.
  public var description: String {
    var parts = ["[\(results.joined(separator: ", "))]"]
    if let label { parts[0] += " for \"\(label)\"" }
    if isLoading { parts.append("spinner") }
    if let error { parts.append("error \"\(error)\"") }
    if showsEmptyState { parts.append("empty state") }
    parts += derived.map(\.description)
    return parts.joined(separator: ", ")
  }
}

/// A value the screen computes from its results — "3 commits ahead", a
/// badge's count, a total — beside what it should be for the results on
/// screen. The checker hands out no token for it, so it is never refused for
/// not being one; a screen showing it out of step with its results (a count
/// left from the previous query, a badge updated before the list) is graded
/// ``ScreenOutcome/wrongResults``.
///
/// ```swift
/// ScreenSnapshot(
///   results: model.commits.map(\.sha),
///   derived: [.init("ahead", shows: model.aheadLabel, expected: "\(model.commits.count) ahead")])
/// ```
public struct DerivedValue: Sendable, Hashable, CustomStringConvertible {
  /// A name for transcripts: `ahead`, `badge`, `total`.
  public var name: String
  /// What the screen shows.
  public var shown: String
  /// What it shows when it agrees with the results on screen, computed from
  /// them in the description.
  public var expected: String

  /// A derived value.
  /// - Parameters:
  ///   - name: a name for transcripts.
  ///   - shows: what the screen shows.
  ///   - expected: what it should show, computed from the results on screen.
  public init(_ name: String, shows: String, expected: String) {
    self.name = name
    self.shown = shows
    self.expected = expected
  }

  /// `ahead "3 ahead"`, or `ahead "2 ahead" (the results say "3 ahead")`.
  public var description: String {
    shown == expected ? "\(name) \"\(shown)\"" : "\(name) \"\(shown)\" (the results say \"\(expected)\")"
  }
}
