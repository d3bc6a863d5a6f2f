// Ported from Infomaniak/ios-kMail, Mail/Views/Search/SearchViewModel.swift,
// SearchViewModel+Search.swift and SearchViewModel+Observation.swift, as they
// were before https://github.com/Infomaniak/ios-kMail/pull/1472 (merge commit
// 40d9aa9f0, "fix: Incorrect search results displayed").
//
// The flaw (the PR's words): "the search task could be canceled but
// `isLoading` was still true. Right after the search is canceled we call
// fetchThreads with the new search text but because `isLoading` is still true
// we abort. [...] If you type T-E-S-T with the right timing, only TES would be
// sent to the search." The fix sets `isLoading = false` right after
// `currentSearchTask?.cancel()` in `performSearch()`.
//
// Port: the `$searchValue.debounce(for: .seconds(0.3), scheduler: .main)`
// pipeline is a task sleeping on the injected clock, cancelled by the next
// change (no Combine on Linux); the Realm search folder the results are
// written to is `searchFolderThreads`, and `observeSearch()`'s initial
// notification copies it to `frozenThreads` and turns `isLoading` off, as the
// app's `Task { await MainActor.run { … } }` does. Errors that
// `tryOrDisplayError` shows go to `snackbarMessage`; cancellations are not shown.
import Foundation
import Observation

/// A thread of the search results.
public struct MailThread: Sendable, Hashable {
  public var uid: String
  public init(uid: String) { self.uid = uid }
}

/// `ThreadResult`, reduced.
public struct ThreadResult: Sendable {
  public var threads: [MailThread]
  public init(threads: [MailThread]) { self.threads = threads }
}

/// `MailboxManager`'s search, as the view model calls it.
public protocol MailboxSearching: Sendable {
  func searchThreads(filter: String) async throws -> ThreadResult
}

/// A `MailboxSearching` that forwards to an async function (the checker's endpoint).
public struct MailboxSearchAPI: MailboxSearching {
  let search: @Sendable (String) async throws -> ThreadResult
  public init(search: @escaping @Sendable (String) async throws -> ThreadResult) { self.search = search }
  public func searchThreads(filter: String) async throws -> ThreadResult { try await search(filter) }
}

/// The search view model before PR #1472.
@Observable @MainActor
public final class SearchViewModel {
  public var searchValue = "" {
    didSet { debounceSearchValue() }
  }
  public private(set) var frozenThreads: [MailThread] = []
  public private(set) var isLoading = false
  public private(set) var snackbarMessage: String?

  @ObservationIgnored private let mailboxManager: any MailboxSearching
  @ObservationIgnored private let clock: any Clock<Duration>
  @ObservationIgnored private var lastSearch = ""
  @ObservationIgnored private var currentSearchTask: Task<Void, Never>?
  @ObservationIgnored private var debounce: Task<Void, Never>?
  @ObservationIgnored private var searchFolderThreads: [MailThread] = []
  @ObservationIgnored private let resetsLoadingOnCancel: Bool

  /// - Parameter resetsLoadingOnCancel: `true` for the version after PR #1472.
  public init(mailboxManager: any MailboxSearching, clock: any Clock<Duration>, resetsLoadingOnCancel: Bool = false) {
    self.mailboxManager = mailboxManager
    self.clock = clock
    self.resetsLoadingOnCancel = resetsLoadingOnCancel
  }

  private func debounceSearchValue() {
    debounce?.cancel()
    let newValue = searchValue
    let clock = self.clock
    debounce = Task {
      do { try await clock.sleep(for: .milliseconds(300)) } catch { return }
      guard lastSearch.trimmingCharacters(in: .whitespacesAndNewlines)
        != newValue.trimmingCharacters(in: .whitespacesAndNewlines)
      else { return }
      lastSearch = newValue
      performSearch()
    }
  }

  func performSearch() {
    currentSearchTask?.cancel()
    if resetsLoadingOnCancel { isLoading = false }
    currentSearchTask = Task {
      await fetchThreads()
    }
  }

  func fetchThreads() async {
    guard !isLoading else {
      return
    }

    isLoading = true
    frozenThreads = []

    do {
      let result = try await mailboxManager.searchThreads(filter: searchValue)
      searchFolderThreads = result.threads
    } catch {
      if !(error is CancellationError), (error as? URLError)?.code != .cancelled {
        snackbarMessage = error.localizedDescription
      }
    }
    observeSearch()
  }

  private func observeSearch() {
    let frozenResults = searchFolderThreads
    Task {
      await MainActor.run {
        self.frozenThreads = frozenResults
        self.isLoading = false
      }
    }
  }
}
