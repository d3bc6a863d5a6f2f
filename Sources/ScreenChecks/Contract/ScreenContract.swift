/// What a screen promises its user when they act again before the last
/// action's work has finished: a set of rules, and a grade for every outcome
/// they can produce. Contracts are data; every report says which one its
/// table was graded against.
///
/// ```swift
/// let contract: ScreenContract = .latestWins + .loadingState + .clearing + .paging
/// // A screen that deliberately ignores a refresh while one is running:
/// let ignoresTaps = ScreenContract("ignores refresh while loading", rules: [.refresh, .loadingState])
///   .grading(.lost, as: .acceptable)
/// ```
public struct ScreenContract: Sendable, Hashable, CustomStringConvertible {
  /// One promise, and the outcomes that break it.
  public enum Rule: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// After the user acts again, nothing older than the newest action is
    /// shown, a cancellation is never shown as an error, the newest result
    /// reaches the screen, and results are labelled with what they show.
    case latestWins = "latest-wins"
    /// The newest refresh's (or load's) result is on screen at the end: a
    /// refresh that cancels the previous one and then skips itself is `lost`.
    /// The end-of-trial half of ``latestWins``, for screens that allow flashes.
    case refresh
    /// The loading indicator is never off while the newest load is in
    /// flight, and never on once everything has settled.
    case loadingState = "loading"
    /// After the query is cleared, nothing of an earlier query appears.
    case clearing
    /// Every page shown belongs to the newest generation (the current query;
    /// on a screen without one, the newest refresh's list), in order, once.
    case paging
    /// A request superseded by a newer action is cancelled, not left to run.
    case cancelsSuperseded = "cancels-superseded"

    /// The rule's name in reports: `latest-wins`, `refresh`, `loading`, …
    public var description: String { rawValue }

    /// The outcomes that break this rule.
    public var outcomes: [ScreenOutcome] {
      switch self {
      case .latestWins: [.duplicate, .staleFlash, .lost, .staleFinal, .spuriousError, .wrongResults]
      case .refresh: [.lost, .staleFinal, .spuriousError]
      case .loadingState: [.spinnerOff, .spinnerStuck]
      case .clearing: [.refilled]
      case .paging: [.foreignPage, .pageOrder]
      case .cancelsSuperseded: []
      }
    }
  }

  /// A name for reports; by default the rules joined with ` + `.
  public var name: String
  /// The rules, in the order they were given.
  public private(set) var rules: [Rule]
  /// The grade of each outcome and each failed resource check.
  public var expectation: ScreenExpectation
  /// The outcome a result labelled with another request than the one whose
  /// content it shows counts as: ``ScreenOutcome/wrongResults`` for screens,
  /// ``ScreenOutcome/wrongProfile`` for the profile scene, whose tables
  /// predate screens.
  package var mislabelled: ScreenOutcome

  /// Creates a contract.
  /// - Parameters:
  ///   - name: a name for reports; the rules joined with ` + ` by default.
  ///   - rules: the promises; duplicates are dropped.
  ///   - expectation: the grades; latest-only acceptable, a duplicate
  ///     interesting and everything else forbidden by default.
  public init(_ name: String? = nil, rules: [Rule], expectation: ScreenExpectation = .contract) {
    self.init(name, rules: rules, expectation: expectation, mislabelled: .wrongResults)
  }

  package init(_ name: String?, rules: [Rule], expectation: ScreenExpectation, mislabelled: ScreenOutcome) {
    var unique: [Rule] = []
    for rule in rules where !unique.contains(rule) { unique.append(rule) }
    self.rules = unique
    self.name = name ?? unique.map(\.description).joined(separator: " + ")
    self.expectation = expectation
    self.mislabelled = mislabelled
  }

  /// Latest wins (see ``Rule/latestWins``).
  public static let latestWins = ScreenContract(rules: [.latestWins])
  /// The newest refresh is on screen at the end (see ``Rule/refresh``).
  public static let refresh = ScreenContract(rules: [.refresh])
  /// The loading indicator tells the truth (see ``Rule/loadingState``).
  public static let loadingState = ScreenContract(rules: [.loadingState])
  /// A cleared query stays cleared (see ``Rule/clearing``).
  public static let clearing = ScreenContract(rules: [.clearing])
  /// Pages belong to the current query, in order, once (see ``Rule/paging``).
  public static let paging = ScreenContract(rules: [.paging])
  /// Superseded requests are cancelled (see ``Rule/cancelsSuperseded``).
  public static let cancelsSuperseded = ScreenContract(rules: [.cancelsSuperseded])

  /// Both contracts' rules; grades set in either (the right one wins where both set one).
  public static func + (lhs: ScreenContract, rhs: ScreenContract) -> ScreenContract {
    var expectation = lhs.expectation
    expectation.outcomes.merge(rhs.expectation.outcomes) { $1 }
    expectation.checks.merge(rhs.expectation.checks) { $1 }
    let mislabelled: ScreenOutcome =
      lhs.mislabelled == .wrongProfile || rhs.mislabelled == .wrongProfile ? .wrongProfile : .wrongResults
    return ScreenContract(nil, rules: lhs.rules + rhs.rules, expectation: expectation, mislabelled: mislabelled)
  }

  /// Whether the contract has `rule`.
  public func has(_ rule: Rule) -> Bool { rules.contains(rule) }

  /// The outcomes its tables list, in table order: latest-only and every
  /// outcome one of its rules can produce.
  public var outcomes: [ScreenOutcome] {
    let produced = Set(rules.flatMap(\.outcomes).map { $0 == .wrongResults ? mislabelled : $0 })
    return ScreenOutcome.tableOrder.filter { $0 == .latestOnly || produced.contains($0) }
  }

  /// The resource checks it makes, in report order.
  public var checks: [ResourceCheck] {
    ResourceCheck.reportOrder.filter { $0 != .supersededRequestCancelled || has(.cancelsSuperseded) }
  }

  /// The grade of `outcome`.
  public func grade(_ outcome: ScreenOutcome) -> OutcomeGrade { expectation.grade(outcome) }

  /// This contract with `outcome` graded `grade`.
  public func grading(_ outcome: ScreenOutcome, as grade: OutcomeGrade) -> ScreenContract {
    var copy = self
    copy.expectation = expectation.grading(outcome, as: grade)
    return copy
  }

  /// This contract with failures of `check` graded `grade`.
  public func grading(_ check: ResourceCheck, as grade: OutcomeGrade) -> ScreenContract {
    var copy = self
    copy.expectation = expectation.grading(check, as: grade)
    return copy
  }

  /// The contract's ``name``.
  public var description: String { name }
}
