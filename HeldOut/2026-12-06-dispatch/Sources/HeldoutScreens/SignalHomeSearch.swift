// Ported from signalapp/Signal-iOS,
// Signal/src/ViewControllers/HomeView/ConversationSearchViewController.swift.
//
// Before: https://github.com/signalapp/Signal-iOS/pull/3826 ("don't block main
// thread during search") moved the home screen's full-text search from a
// synchronous `uiDatabaseConnection.read` to `asyncRead(_:completionBlock:)`:
// the read runs on a background queue, the completion block on the main queue,
// and the completion sets `searchResultSet` and reloads the table whatever the
// search bar now says. Two keystrokes' reads can complete out of order, and a
// read started before the text was cleared can land after it.
//
// After (the file at commit 0023e9a432e87ea431ee9b5e5faac3e95a70811e):
// `lastSearchText` is set when a search starts, cleared with the text, and the
// completion drops a result whose text is no longer the last one
// ("Discard results from stale search.").
//
// Port: UIKit is not imported; the view controller is an `@Observable
// @MainActor` class holding what the table shows after its last reload.
// `DatabaseStorage.asyncRead` keeps the app's queue hops: the read on
// `DispatchQueue.global()`, the completion on `DispatchQueue.main.async`; the
// read forwards to an async function (the checker's endpoint) from inside the
// Dispatch block. The 0.1 s `WeakTimer` throttle of `refreshSearchResults()`
// is a task sleeping on the injected clock.
import Dispatch
import Foundation
import Observation

public struct ThreadViewModel: Sendable, Hashable {
  public var uniqueId: String
  public init(uniqueId: String) { self.uniqueId = uniqueId }
}

public struct HomeScreenSearchResultSet: Sendable {
  public var searchText: String
  public var threads: [ThreadViewModel]
  public var isEmpty: Bool { threads.isEmpty }
  public static let empty = HomeScreenSearchResultSet(searchText: "", threads: [])
  public init(searchText: String, threads: [ThreadViewModel]) {
    self.searchText = searchText
    self.threads = threads
  }
}

/// `SDSDatabaseStorage`'s `asyncRead`, completion-handler style.
public struct DatabaseStorage: Sendable {
  let searchForHomeScreen: @Sendable (String) async throws -> [ThreadViewModel]
  public init(searchForHomeScreen: @escaping @Sendable (String) async throws -> [ThreadViewModel]) {
    self.searchForHomeScreen = searchForHomeScreen
  }

  /// Reads on a background queue and calls `completion` on the main queue
  /// (`nil` when the read produced nothing, as `searchResults` stays nil).
  public func asyncRead(
    searchText: String, completion: @escaping @MainActor @Sendable (HomeScreenSearchResultSet?) -> Void
  ) {
    let search = searchForHomeScreen
    DispatchQueue.global().async {
      Task {
        let threads = try? await search(searchText)
        let results = threads.map { HomeScreenSearchResultSet(searchText: searchText, threads: $0) }
        DispatchQueue.main.async {
          MainActor.assumeIsolated { completion(results) }
        }
      }
    }
  }
}

private extension String {
  var stripped: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}

/// The home screen's search results, before the stale-search check.
@Observable @MainActor
public final class ConversationSearchViewController {
  public var searchText = "" {
    didSet { refreshSearchResults() }
  }
  /// What the table shows after its last `reloadData()`.
  public private(set) var searchResultSet = HomeScreenSearchResultSet.empty
  @ObservationIgnored private let databaseStorage: DatabaseStorage
  @ObservationIgnored private let clock: any Clock<Duration>
  @ObservationIgnored private var refreshTimer: Task<Void, Never>?
  /// Only the fixed version keeps it (`guard self.lastSearchText == searchText`).
  @ObservationIgnored private var lastSearchText: String?
  @ObservationIgnored private let discardsStaleResults: Bool

  public init(databaseStorage: DatabaseStorage, clock: any Clock<Duration>, discardsStaleResults: Bool = false) {
    self.databaseStorage = databaseStorage
    self.clock = clock
    self.discardsStaleResults = discardsStaleResults
  }

  private func refreshSearchResults() {
    guard !searchResultSet.isEmpty else {
      // To avoid incorrectly showing the "no results" state,
      // always search immediately if the current result set is empty.
      refreshTimer?.cancel()
      refreshTimer = nil
      updateSearchResults(searchText: searchText)
      return
    }
    if refreshTimer != nil {
      // Don't start a new refresh timer if there's already one active.
      return
    }
    let clock = self.clock
    refreshTimer = Task { [weak self] in
      do { try await clock.sleep(for: .milliseconds(100)) } catch { return }  // invalidated
      guard let self else { return }
      self.updateSearchResults(searchText: self.searchText)
      self.refreshTimer = nil
    }
  }

  private func updateSearchResults(searchText rawSearchText: String) {
    if discardsStaleResults {
      updateSearchResultsFixed(searchText: rawSearchText)
      return
    }
    let searchText = rawSearchText
    guard searchText.stripped.count > 0 else {
      searchResultSet = HomeScreenSearchResultSet.empty
      reloadTableData()
      return
    }
    databaseStorage.asyncRead(searchText: searchText) { [weak self] searchResults in
      guard let self else { return }
      guard let results = searchResults else {
        // owsFailDebug("searchResults was unexpectedly nil")
        return
      }
      self.searchResultSet = results
      self.reloadTableData()
    }
  }

  /// The same method at commit 0023e9a4.
  private func updateSearchResultsFixed(searchText rawSearchText: String) {
    let searchText = rawSearchText.stripped
    guard searchText.count > 0 else {
      searchResultSet = HomeScreenSearchResultSet.empty
      lastSearchText = nil
      reloadTableData()
      return
    }
    guard lastSearchText != searchText else {
      // Ignoring redundant search.
      return
    }
    lastSearchText = searchText
    databaseStorage.asyncRead(searchText: searchText) { [weak self] searchResults in
      guard let self else { return }
      guard let results = searchResults else {
        // owsFailDebug("searchResults was unexpectedly nil")
        return
      }
      guard self.lastSearchText == searchText else {
        // Discard results from stale search.
        return
      }
      self.searchResultSet = results
      self.reloadTableData()
    }
  }

  private func reloadTableData() {}
}
