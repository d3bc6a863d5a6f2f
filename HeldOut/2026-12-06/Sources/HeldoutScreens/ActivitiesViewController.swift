// Ported from AlphaWallet/alpha-wallet-ios, ActivitiesViewController.swift,
// `processSearchWithKeywords()` as quoted in
// https://github.com/AlphaWallet/alpha-wallet-ios/issues/2281 ("Crash
// sometimes when searching in Activity tab"):
//
//     DispatchQueue.global().async { [weak self] in
//         strongSelf.viewModel.filter(.keyword(keyword))
//         DispatchQueue.main.async { strongSelf.tableView.reloadData() }
//     }
//
// The flaw: each keystroke filters on a global queue and reloads on main;
// two keywords in quick succession race, so the table can be reloaded from
// the older keyword's filter after the newer one (and, in the app, crash on a
// section count that changed under it). The fix (the file in later versions)
// filters and reloads synchronously on the main thread:
// `viewModel.filter(.keyword(keyword)); tableView.reloadData()`.
//
// Port: the view model's filter asks the activity store for the keyword's
// activities through a completion handler (`ActivitiesFiltering`), where the
// app filtered its in-memory list; the hop to `DispatchQueue.global()` and
// back with `DispatchQueue.main.async` is kept as it was.
import Dispatch
import Foundation
import Observation

/// One row of the Activity tab.
public struct Activity: Sendable, Hashable {
  public var id: String
  public init(id: String) { self.id = id }
}

/// The filter the search applies.
public enum ActivityFilter: Sendable {
  case keyword(String?)
}

/// The activity store, completion-handler style.
public protocol ActivitiesFiltering: Sendable {
  func activities(matching filter: ActivityFilter, completion: @escaping @Sendable ([Activity]) -> Void)
}

/// An `ActivitiesFiltering` that forwards to an async function (the checker's endpoint).
public struct ActivitiesStore: ActivitiesFiltering {
  let search: @Sendable (String) async throws -> [Activity]
  public init(search: @escaping @Sendable (String) async throws -> [Activity]) { self.search = search }

  public func activities(matching filter: ActivityFilter, completion: @escaping @Sendable ([Activity]) -> Void) {
    guard case .keyword(let keyword) = filter else { return }
    let search = self.search
    Task {
      let found = (try? await search(keyword ?? "")) ?? []
      completion(found)
    }
  }
}

/// The tab's view model: filters off the main thread, as the app did (a
/// lock keeps the port from crashing; the order of writes stays racy).
public final class ActivitiesViewModel: @unchecked Sendable {
  private let store: any ActivitiesFiltering
  private let lock = NSLock()
  private var _filteredActivities: [Activity] = []
  var filteredActivities: [Activity] { lock.withLock { _filteredActivities } }

  public init(store: any ActivitiesFiltering) { self.store = store }

  func filter(_ filter: ActivityFilter, completion: @escaping @Sendable () -> Void) {
    store.activities(matching: filter) { [self] found in
      lock.withLock { _filteredActivities = found }
      completion()
    }
  }
}

/// The Activity tab before the fix.
@Observable @MainActor
public final class ActivitiesViewController {
  /// `searchController.searchBar.text`.
  public private(set) var searchBarText: String?
  /// What the table view shows after its last `reloadData()`.
  public private(set) var rows: [Activity] = []
  @ObservationIgnored private let viewModel: ActivitiesViewModel

  public init(viewModel: ActivitiesViewModel) { self.viewModel = viewModel }

  /// `updateSearchResults(for:)`.
  public func updateSearchResults(text: String) {
    searchBarText = text
    processSearchWithKeywords()
  }

  private func processSearchWithKeywords() {
    let keyword = searchBarText
    let viewModel = self.viewModel
    DispatchQueue.global().async { [weak self] in
      viewModel.filter(.keyword(keyword)) {
        DispatchQueue.main.async {
          MainActor.assumeIsolated { self?.reloadData() }
        }
      }
    }
  }

  private func reloadData() {
    rows = viewModel.filteredActivities
  }
}
