// Ported from xmtplabs/convos-ios,
// `Convos/Conversations List/Composer/ConversationComposerContentView.swift`,
// the profile search of https://github.com/xmtplabs/convos-ios/pull/20:
//
//     guard !searchText.isEmpty else { profileResults = []; return }
//     Task {
//         let results: [Profile]
//         do { results = try await profileSearchRepo.search(using: searchText) }
//         catch { Logger.error(...); results = [] }
//         DispatchQueue.main.async { [weak self] in
//             guard let self else { return }
//             self.profileResults = results.filter { !self.profilesAdded.contains($0) }
//         }
//     }
//
// The flaw (raised in the PR's review, "Cancel obsolete searches & prevent
// stale results"): each keystroke spawns a new `Task`; earlier ones keep
// running and overwrite `profileResults` when they finish later, including
// after the text was cleared; the hop back is `DispatchQueue.main.async`.
//
// Port: the UIKit view is an `@Observable @MainActor` class; the search
// repository forwards to an async function (the checker's endpoint);
// `profilesAdded` stays empty.
import Dispatch
import Foundation
import Observation

public struct Profile: Sendable, Hashable {
  public var id: String
  public init(id: String) { self.id = id }
}

public struct ProfileSearchRepository: Sendable {
  let fetch: @Sendable (String) async throws -> [Profile]
  public init(fetch: @escaping @Sendable (String) async throws -> [Profile]) { self.fetch = fetch }
  func search(using text: String) async throws -> [Profile] { try await fetch(text) }
}

@Observable @MainActor
public final class ConversationComposerContentView {
  public var searchText = "" {
    didSet { searchTextDidChange() }
  }
  public private(set) var profileResults: [Profile] = []
  @ObservationIgnored private var profilesAdded: Set<Profile> = []
  @ObservationIgnored private let profileSearchRepo: ProfileSearchRepository

  public init(profileSearchRepo: ProfileSearchRepository) { self.profileSearchRepo = profileSearchRepo }

  private func searchTextDidChange() {
    guard !searchText.isEmpty else {
      profileResults = []
      return
    }
    Task {
      let results: [Profile]
      do {
        results = try await profileSearchRepo.search(using: searchText)
      } catch {
        results = []
      }
      DispatchQueue.main.async { [weak self] in
        MainActor.assumeIsolated {
          guard let self else { return }
          self.profileResults = results.filter { !self.profilesAdded.contains($0) }
        }
      }
    }
  }
}
