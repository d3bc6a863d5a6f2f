import Observation

/// A repository screen: choosing a repository loads its status, its
/// commits and its pull requests, three calls at once with `async let`,
/// restarted by `.task(id:)` on every switch. What the checker's
/// exploration is measured on where every action makes three calls.
///
/// The correct one (`guardsID: true`) shows the answers only while their
/// repository is still the selected one; the flawed one checks
/// cancellation alone, so answers that all arrived before the view
/// restarted the task show the old repository.
@Observable @MainActor
package final class RepositoryModel {
  package var selectedID = ""
  package private(set) var parts: [String] = []
  package private(set) var isLoading = false
  package private(set) var errorMessage: String?

  @ObservationIgnored private let fetch: [@Sendable (String) async throws -> String]
  @ObservationIgnored private let guardsID: Bool

  /// - Parameters:
  ///   - status: the status call; `commits` and `pulls` the other two.
  ///   - guardsID: whether answers are shown only for the selected repository.
  package init(
    status: @escaping @Sendable (String) async throws -> String,
    commits: @escaping @Sendable (String) async throws -> String,
    pulls: @escaping @Sendable (String) async throws -> String, guardsID: Bool
  ) {
    fetch = [status, commits, pulls]
    self.guardsID = guardsID
  }

  /// `.task(id: model.selectedID) { await model.load() }`.
  package func load() async {
    let id = selectedID
    guard !id.isEmpty else { return }
    isLoading = true
    do {
      async let status = fetch[0](id)
      async let commits = fetch[1](id)
      async let pulls = fetch[2](id)
      let loaded = try await [status, commits, pulls]
      guard !Task.isCancelled, !guardsID || id == selectedID else { return }
      parts = loaded
      errorMessage = nil
    } catch {
      guard !Task.isCancelled, !guardsID || id == selectedID else { return }
      errorMessage = "Couldn't load \(id)"
    }
    isLoading = false
  }
}
