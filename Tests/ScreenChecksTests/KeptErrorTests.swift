import Observation
import ScreenChecks
import Testing

/// A search whose error says what failed in its own words, naming no call:
/// "Couldn't load q1". The error of the query on screen stays while the
/// next query loads, as the call-naming error of `guarded-detail` does.
@Observable @MainActor
final class OwnWordsErrorSearchModel {
  var query = ""
  private(set) var results: [String] = []
  private(set) var isLoading = false
  private(set) var errorMessage: String?
  @ObservationIgnored private let search: @Sendable (String) async throws -> [String]
  @ObservationIgnored private let clearsError: Bool

  init(search: @escaping @Sendable (String) async throws -> [String], clearsError: Bool) {
    self.search = search
    self.clearsError = clearsError
  }

  /// `.task(id: model.query) { await model.load() }`.
  func load() async {
    let query = query
    guard !query.isEmpty else { return }
    isLoading = true
    do {
      let found = try await search(query)
      guard !Task.isCancelled, query == self.query else { return }
      results = found
      if clearsError { errorMessage = nil }
    } catch {
      guard !Task.isCancelled, query == self.query else { return }
      errorMessage = "Couldn't load \(query)"
    }
    isLoading = false
  }
}

@Suite struct KeptErrorTests {
  static func screen(clearsError: Bool) -> ScreenDescription<OwnWordsErrorSearchModel> {
    ScreenDescription(
      clearsError ? "own-words-error" : "own-words-error-kept", contract: .latestWins + .loadingState,
      actions: [.type { $0.query = $1 }], tasks: [.task(id: { $0.query }) { await $0.load() }],
      make: { deps in
        OwnWordsErrorSearchModel(
          search: deps.endpoint("search") { _, answer in answer.tokens(2) }, clearsError: clearsError)
      },
      snapshot: { ScreenSnapshot(results: $0.results, isLoading: $0.isLoading, error: $0.errorMessage) })
  }

  /// Graded spurious-error before: the message names no call, and while
  /// the next query loaded nothing of its generation had failed.
  @MainActor
  @Test func anErrorInTheScreensOwnWordsMayStayWhileTheNextQueryLoads() async throws {
    let checker = ScreenChecker(Self.screen(clearsError: true), configuration: CheckConfiguration(actions: 2))
    let trial = try await checker.replay(try ScreenSchedule(parsing: "q1,search1f,q2,search2"))
    #expect(trial.verdict.outcome == .latestOnly, "\(trial.transcript)")
    let report = try await checker.runSystematic()
    #expect(report.violations == 0, "\(report.table)")
  }

  /// The same error left on screen after the next query's results came is
  /// still found.
  @MainActor
  @Test func anErrorInTheScreensOwnWordsLeftBehindTheNextResultsIsFound() async throws {
    let checker = ScreenChecker(Self.screen(clearsError: false), configuration: CheckConfiguration(actions: 2))
    let trial = try await checker.replay(try ScreenSchedule(parsing: "q1,search1f,q2,search2"))
    #expect(Self.screen(clearsError: false).contract.grade(trial.verdict.outcome) == .forbidden, "\(trial.transcript)")
  }
}
