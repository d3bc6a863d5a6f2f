// Ported from Finalet/Elegant-Emoji-Picker, Sources/ElegantEmojiPicker.swift,
// `searchFieldChanged(_:)` as it was before
// https://github.com/Finalet/Elegant-Emoji-Picker/pull/52 ("Fix race condition
// from mutating searchResults on the background thread", fixes issue #49):
//
//     DispatchQueue.global(qos: .userInteractive).async { [weak self] in
//         if count == 0 { self.searchResults = nil }
//         else { self.searchResults = self.delegate?.emojiPicker(...) ?? ElegantEmojiPicker.getSearchResults(...) }
//         DispatchQueue.main.async { self.collectionView?.reloadData() ... }
//     }
//
// The flaw: every keystroke (and the clear button, which sets the text to ""
// and calls the same method) writes `searchResults` from a global queue and
// reloads on main; blocks of two keystrokes race, so the collection view can
// reload an older text's results after a newer one, or refill a cleared
// search. Issue #49 reports the data race (TSan); PR #52 moves the mutation to
// the main thread.
//
// Port: the delegate's search (`emojiPicker(_:searchResultFor:fromAvailable:)`,
// synchronous in the library) forwards to an async function (the checker's
// endpoint) from inside the global block; a lock keeps the port from
// crashing, the order of the writes stays racy. The view model holds what the
// collection view showed at its last `reloadData()`.
import Dispatch
import Foundation
import Observation

public struct Emoji: Sendable, Hashable {
  public var emoji: String
  public init(emoji: String) { self.emoji = emoji }
}

/// `searchResults`, written off the main thread (locked so the port does not crash).
final class EmojiSearchResults: @unchecked Sendable {
  private let lock = NSLock()
  private var _value: [Emoji]?
  var value: [Emoji]? {
    get { lock.withLock { _value } }
    set { lock.withLock { _value = newValue } }
  }
}

@Observable @MainActor
public final class ElegantEmojiPicker {
  /// What the collection view shows after its last `reloadData()` (`nil`: the categories).
  public private(set) var displayedResults: [Emoji]?
  public private(set) var isSearching = false
  @ObservationIgnored private let searchResults = EmojiSearchResults()
  @ObservationIgnored private let searchResultFor: @Sendable (String) async throws -> [Emoji]

  public init(searchResultFor: @escaping @Sendable (String) async throws -> [Emoji]) {
    self.searchResultFor = searchResultFor
  }

  /// `@objc func searchFieldChanged(_ textField: UITextField)`.
  public func searchFieldChanged(_ text: String) {
    let count = text.count
    let searchTerm = text
    let searchResults = self.searchResults
    let search = searchResultFor
    DispatchQueue.global(qos: .userInteractive).async { [weak self] in
      Task {
        if count == 0 {
          searchResults.value = nil
        } else {
          searchResults.value = (try? await search(searchTerm)) ?? []
        }
        DispatchQueue.main.async {
          MainActor.assumeIsolated { self?.reloadData() }
        }
      }
    }
    if !isSearching && count > 0 {
      isSearching = true
    } else if isSearching && count == 0 {
      isSearching = false
    }
  }

  /// `ClearButtonTap()`.
  public func clearButtonTap() { searchFieldChanged("") }

  private func reloadData() {
    displayedResults = searchResults.value
  }
}
