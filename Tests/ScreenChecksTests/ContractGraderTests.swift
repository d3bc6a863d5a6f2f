import Foundation
import Testing

@testable import ScreenChecks

/// The contract grader on timelines written by hand: each outcome from the
/// smallest timeline that shows it, and its absence from the same timeline
/// without the fault, so that every rule is pinned apart from whole screens.
@Suite struct ContractGraderTests {
  static let contract: ScreenContract = .latestWins + .loadingState + .paging

  static func action(_ index: Int, _ kind: ActionKind = .load, generation: Int? = nil) -> TimelineEvent {
    .action(
      ActionRecord(
        index: index, kind: kind, value: String(index), generation: generation ?? index, time: .now))
  }

  /// The `position`-th item of call `call`'s answer, for action `generation`.
  static func item(_ generation: Int, call: Int, position: Int = 1) -> ShownItem {
    ShownItem(token: "c\(call)-\(position)", generation: generation, call: call, position: position)
  }

  static func shows(_ items: [ShownItem], newly: [ShownItem]? = nil, isLoading: Bool = false) -> TimelineEvent {
    .display(
      Display(items: items, newlyShown: newly ?? items, isLoading: isLoading, insideActionWork: true, text: "shows"))
  }

  static func grade(_ timeline: [TimelineEvent], finalLoading: Bool? = false) -> ScreenVerdict {
    ContractGrader.grade(
      ContractGrader.Input(timeline: timeline, contract: contract, quiescent: true, finalLoading: finalLoading))
  }

  /// One list of outcomes (the cases, in table order) and one severity per
  /// case: every outcome is in both orders, once, as the docs list them.
  @Test func everyOutcomeHasItsPlaceInTheTableAndInThePrecedence() {
    #expect(
      ScreenOutcome.tableOrder.map(\.description) == [
        "latest-only", "duplicate", "stale-flash", "lost", "stale-final", "spurious-error", "wrong-profile",
        "wrong-results", "spinner-off", "spinner-stuck", "refilled", "foreign-page", "page-order",
      ])
    #expect(
      ScreenOutcome.precedence.map(\.description) == [
        "wrong-profile", "wrong-results", "spurious-error", "refilled", "foreign-page", "stale-final", "lost",
        "spinner-stuck", "stale-flash", "spinner-off", "page-order", "duplicate", "latest-only",
      ])
    #expect(Set(ScreenOutcome.precedence.map(\.severity)).count == ScreenOutcome.allCases.count)
    #expect(ScreenOutcome.staleFlash < ScreenOutcome.pageOrder && !(ScreenOutcome.lost < ScreenOutcome.lost))
  }

  @Test func theNewestResultsAloneAreLatestOnly() {
    let verdict = Self.grade([Self.action(1), Self.action(2), Self.shows([Self.item(2, call: 2)])])
    #expect(verdict.observed == [.latestOnly])
  }

  @Test func aSpinnerStillOnOnceEverythingSettledIsStuck() {
    let timeline = [Self.action(1), Self.shows([Self.item(1, call: 1)], isLoading: true)]
    #expect(Self.grade(timeline, finalLoading: true).observed == [.spinnerStuck])
    #expect(Self.grade(timeline, finalLoading: false).observed == [.latestOnly])
    // Not known (a screen without an indicator): never stuck.
    #expect(Self.grade(timeline, finalLoading: nil).observed == [.latestOnly])
  }

  @Test func aStuckSpinnerIsGradedOnlyUnderTheLoadingRule() {
    let timeline = [Self.action(1), Self.shows([Self.item(1, call: 1)])]
    let verdict = ContractGrader.grade(
      ContractGrader.Input(timeline: timeline, contract: .latestWins, quiescent: true, finalLoading: true))
    #expect(verdict.observed == [.latestOnly])
  }

  @Test func onePagesItemsBeforeAnEarlierPagesAreOutOfOrder() {
    // Action 1 asked for page 1 (call 1), then page 2 (call 2): page 2's item shown first.
    let disordered = [
      Self.action(1), Self.action(2, .nextPage, generation: 1),
      Self.shows([Self.item(1, call: 2), Self.item(1, call: 1)]),
    ]
    #expect(Self.grade(disordered).observed == [.pageOrder])
    let inOrder = [
      Self.action(1), Self.action(2, .nextPage, generation: 1),
      Self.shows([Self.item(1, call: 1), Self.item(1, call: 2)]),
    ]
    #expect(Self.grade(inOrder).observed == [.latestOnly])
  }

  @Test func onePageShownTwiceIsOutOfOrder() {
    let repeated = [
      Self.action(1), Self.action(2, .nextPage, generation: 1),
      Self.shows([Self.item(1, call: 1), Self.item(1, call: 2), Self.item(1, call: 2)]),
    ]
    #expect(Self.grade(repeated).observed.contains(.pageOrder))
  }

  @Test func twoGenerationsPagesTogetherAreAForeignPage() {
    let mixed = [Self.action(1), Self.action(2), Self.shows([Self.item(2, call: 2), Self.item(1, call: 1)])]
    #expect(Self.grade(mixed).observed.contains(.foreignPage))
    #expect(!Self.grade(mixed).observed.contains(.pageOrder), "each generation's own items are in order")
  }
}
