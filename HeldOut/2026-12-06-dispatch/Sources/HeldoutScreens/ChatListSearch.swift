// Ported from milind-soni/OpenMausBot, `ios/App/ChatListView.swift`, the
// transcript search added in https://github.com/milind-soni/OpenMausBot/pull/214:
//
//     .task(id: query) {
//         let expected = query
//         guard expected.trimmingCharacters(in: .whitespacesAndNewlines).count >= 2 else {
//             searchHits = []; searching = false; return
//         }
//         searching = true
//         try? await Task.sleep(for: .milliseconds(250))
//         guard !Task.isCancelled, query == expected else { return }
//         searchHits = await session.search(expected)
//         searching = false
//     }
//
// The flaw (raised in the PR's review): the query is checked after the
// debounce but not after `session.search`, so a search that `.task(id:)`
// cancelled while it ran still writes its hits (an older query's, or an empty
// list for a cancelled request) and turns the spinner off over the newer
// query's search. The review's fix re-checks `Task.isCancelled` and the query
// after the search before publishing; `ChatListModel(rechecksAfterSearch: true)`
// is that version (the control).
//
// Port: the SwiftUI view's `@State` is an `@Observable` model; the `.task(id:)`
// body is `searchTask()`; `Task.sleep` is a sleep on the injected clock;
// `session.search` forwards to an async function (the checker's endpoint) and,
// like the app's, returns no hits on failure.
import Foundation
import Observation

public struct TranscriptHit: Sendable, Hashable {
  public var id: String
  public init(id: String) { self.id = id }
}

/// The session's search.
public struct ChatSession: Sendable {
  let fetch: @Sendable (String) async throws -> [TranscriptHit]
  public init(fetch: @escaping @Sendable (String) async throws -> [TranscriptHit]) { self.fetch = fetch }
  func search(_ query: String) async -> [TranscriptHit] { (try? await fetch(query)) ?? [] }
}

@Observable @MainActor
public final class ChatListModel {
  public var query = ""
  public private(set) var searchHits: [TranscriptHit] = []
  public private(set) var searching = false
  @ObservationIgnored private let session: ChatSession
  @ObservationIgnored private let clock: any Clock<Duration>
  @ObservationIgnored private let rechecksAfterSearch: Bool

  public init(session: ChatSession, clock: any Clock<Duration>, rechecksAfterSearch: Bool = false) {
    self.session = session
    self.clock = clock
    self.rechecksAfterSearch = rechecksAfterSearch
  }

  /// The body of `.task(id: query)`.
  public func searchTask() async {
    let expected = query
    guard expected.trimmingCharacters(in: .whitespacesAndNewlines).count >= 2 else {
      searchHits = []
      searching = false
      return
    }
    searching = true
    try? await clock.sleep(for: .milliseconds(250))
    guard !Task.isCancelled, query == expected else { return }
    if rechecksAfterSearch {
      let hits = await session.search(expected)
      guard !Task.isCancelled, query == expected else { return }
      searchHits = hits
    } else {
      searchHits = await session.search(expected)
    }
    searching = false
  }
}
