// Ported from zhuorantan/LocationPicker, LocationPicker/LocationPicker.swift,
// `extension LocationPicker: UISearchBarDelegate`, as it was before
// https://github.com/zhuorantan/LocationPicker/pull/14 (commit 0f892d5,
// "Ensure that the search results matches the current search term").
//
// The flaw: every keystroke starts an MKLocalSearch whose completion block
// writes `searchResultLocations` and reloads the table, whatever the search
// bar says by then; when the user types quickly the completions arrive out of
// order and the table shows an older text's results. The fix added
// `guard searchText == searchBar.text else { return }` at the top of the
// completion block (``FixedLocationPicker``).
//
// Port: UIKit's search bar and table are the model's `searchBarText` and
// `searchResultLocations`; MKLocalSearch is the `LocalSearching` protocol,
// whose completion handler is called on the main queue, as MapKit's is.
// `allowArbitraryLocation` keeps its default (`false`).
import Foundation
import Observation

/// A place found by the local search (MKMapItem, reduced to what the list shows).
public struct MapItem: Sendable, Hashable {
  public var name: String
  public init(name: String) { self.name = name }
}

/// A row of the picker's result list.
public struct LocationItem: Sendable, Hashable {
  public var name: String
  public init(mapItem: MapItem) { name = mapItem.name }
}

/// MKLocalSearch as the picker uses it: a natural-language query and a
/// completion handler called on the main queue.
public protocol LocalSearching: Sendable {
  func start(
    naturalLanguageQuery: String,
    completionHandler: @escaping @MainActor @Sendable ([MapItem]?, (any Error)?) -> Void)
}

/// A `LocalSearching` that forwards to an async function (the checker's endpoint).
public struct LocalSearchClient: LocalSearching {
  let search: @Sendable (String) async throws -> [MapItem]
  public init(search: @escaping @Sendable (String) async throws -> [MapItem]) { self.search = search }

  public func start(
    naturalLanguageQuery: String,
    completionHandler: @escaping @MainActor @Sendable ([MapItem]?, (any Error)?) -> Void
  ) {
    let search = self.search
    Task { @MainActor in
      do {
        completionHandler(try await search(naturalLanguageQuery), nil)
      } catch {
        completionHandler(nil, error)
      }
    }
  }
}

/// The picker before PR #14.
@Observable @MainActor
public final class LocationPicker {
  /// `searchBar.text`.
  public private(set) var searchBarText = ""
  /// What the table shows.
  public private(set) var searchResultLocations: [LocationItem] = []
  public var allowArbitraryLocation = false
  @ObservationIgnored private let localSearch: any LocalSearching

  public init(localSearch: any LocalSearching) { self.localSearch = localSearch }

  /// `searchBar(_:textDidChange:)`: UIKit has already set the bar's text.
  public func searchBar(textDidChange searchText: String) {
    searchBarText = searchText
    if searchText.count > 0 {
      localSearch.start(naturalLanguageQuery: searchText) { localSearchResponse, error in
        guard error == nil, let mapItems = localSearchResponse, mapItems.count > 0 else {
          self.searchResultLocations = []
          return  // self.tableView.reloadData()
        }
        self.searchResultLocations = mapItems.map { LocationItem(mapItem: $0) }
        // self.tableView.reloadData()
      }
    } else {
      searchResultLocations.removeAll()
    }
  }
}

/// The picker after PR #14: the completion block ignores a result whose text
/// is no longer the search bar's.
@Observable @MainActor
public final class FixedLocationPicker {
  public private(set) var searchBarText = ""
  public private(set) var searchResultLocations: [LocationItem] = []
  public var allowArbitraryLocation = false
  @ObservationIgnored private let localSearch: any LocalSearching

  public init(localSearch: any LocalSearching) { self.localSearch = localSearch }

  public func searchBar(textDidChange searchText: String) {
    searchBarText = searchText
    if searchText.count > 0 {
      localSearch.start(naturalLanguageQuery: searchText) { localSearchResponse, error in
        guard searchText == self.searchBarText else {
          // Ensure that the result is valid for the most recent searched text
          return
        }
        guard error == nil, let mapItems = localSearchResponse, mapItems.count > 0 else {
          self.searchResultLocations = []
          return
        }
        self.searchResultLocations = mapItems.map { LocationItem(mapItem: $0) }
      }
    } else {
      searchResultLocations.removeAll()
    }
  }
}
