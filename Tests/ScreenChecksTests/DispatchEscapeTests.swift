import Dispatch
import Observation
import ScreenChecks
import Testing

/// A UIKit-era search: its client takes a completion handler, does its
/// work on `DispatchQueue.global()` (where it calls the endpoint from a
/// task of its own) and calls back there; the view model hops to
/// `DispatchQueue.main.async` to show the results. None of that work
/// carries the actions' tasks, so the checker cannot count it: it must
/// wait for it, and say so, or set the trial aside.
@Observable @MainActor
final class DispatchSearchModel {
  private(set) var query = ""
  private(set) var results: [String] = []
  private(set) var isSearching = false
  private(set) var errorMessage: String?
  @ObservationIgnored private let search: @Sendable (String, @escaping @Sendable ([String]?) -> Void) -> Void
  @ObservationIgnored private let checksQuery: Bool

  init(
    search: @escaping @Sendable (String, @escaping @Sendable ([String]?) -> Void) -> Void, checksQuery: Bool
  ) {
    self.search = search
    self.checksQuery = checksQuery
  }

  func type(_ text: String) {
    query = text
    isSearching = true
    search(text) { found in
      DispatchQueue.main.async {
        MainActor.assumeIsolated {
          guard !self.checksQuery || text == self.query else { return }
          if let found {
            self.results = found
            self.errorMessage = nil
          } else {
            self.errorMessage = "Search failed."
          }
          self.isSearching = false
        }
      }
    }
  }

  /// The completion-handler client over an async endpoint.
  nonisolated static func client(
    _ endpoint: @escaping @Sendable (String) async throws -> [String]
  ) -> @Sendable (String, @escaping @Sendable ([String]?) -> Void) -> Void {
    { text, completion in
      DispatchQueue.global().async {
        Task { completion(try? await endpoint(text)) }
      }
    }
  }
}

@Suite struct DispatchEscapeTests {
  static func screen(checksQuery: Bool) -> ScreenDescription<DispatchSearchModel> {
    ScreenDescription(
      checksQuery ? "dispatch-search" : "dispatch-search-unchecked", contract: .latestWins + .loadingState,
      actions: [.type { $0.type($1) }],
      make: { deps in
        DispatchSearchModel(
          search: DispatchSearchModel.client(deps.endpoint("search") { _, answer in answer.tokens(2) }),
          checksQuery: checksQuery)
      },
      snapshot: { ScreenSnapshot(results: $0.results, isLoading: $0.isSearching, error: $0.errorMessage) })
  }

  /// The correct screen, whose every result arrives after the actions'
  /// tasks have finished, is graded once its work outside them has ended:
  /// nothing is lost, nothing is left in flight, and the report says how
  /// many trials waited for such work.
  @MainActor
  @Test(arguments: [CancellationStyle.cancellationError, .urlSession])
  func theCorrectDispatchSearchIsCleanInStressAndSaysWhatItWaitedFor(style: CancellationStyle) async throws {
    let checker = ScreenChecker(
      Self.screen(checksQuery: true), configuration: CheckConfiguration(actions: 2, cancellationStyle: style))
    let report = try await checker.runStress(StressOptions(trials: 300, seed: 7))
    #expect(report.violations == 0, "\(report.table)")
    #expect(report.trialsThatWaitedOutside > 0, "\(report.table)")
    #expect(report.table.contains("work outside the actions' tasks"), "\(report.table)")
    // Systematic mode cannot count that work's jobs either: it samples, and says so.
    let systematic = try await checker.runSystematic()
    #expect(systematic.violations == 0, "\(systematic.table)")
    #expect(systematic.table.contains("NOT EXACT"), "\(systematic.table)")
  }

  /// A screen whose work outside the actions' tasks goes on past the
  /// bound (its calls, made from a Dispatch queue, take 3 s each; the
  /// bound is 1 s) is set aside, named, and not graded: never counted
  /// as a trial, and each a violation, so a gate cannot pass on it.
  @MainActor
  @Test func workOutsideTheActionsThatDoesNotEndSetsTheTrialAside() async throws {
    let checker = ScreenChecker(
      Self.screen(checksQuery: true),
      configuration: CheckConfiguration(actions: 2, quiescenceTimeout: .seconds(1)))
    let report = try await checker.runStress(
      StressOptions(trials: 2, seed: 3, concurrency: 2, latency: .uniform(min: .seconds(3), max: .seconds(3))))
    #expect(report.trialsSetAside == 2, "\(report.table)")
    #expect(report.trials == 0, "\(report.table)")
    #expect(report.violations == 2, "\(report.table)")
    #expect(report.table.contains("2 trials set aside, not graded: work outside"), "\(report.table)")
  }

  /// Its twin, which shows whichever answer comes last, is still caught.
  @MainActor
  @Test func theTwinThatShowsTheLastAnswerIsCaught() async throws {
    let checker = ScreenChecker(Self.screen(checksQuery: false), configuration: CheckConfiguration(actions: 2))
    let report = try await checker.runStress(StressOptions(trials: 300, seed: 7))
    #expect(report.count(.staleFinal) + report.count(.staleFlash) > 0, "\(report.table)")
  }
}
