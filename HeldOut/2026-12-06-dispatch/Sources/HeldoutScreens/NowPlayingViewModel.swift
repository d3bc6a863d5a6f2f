// Ported from Automattic/pocket-casts-ios,
// `Pocket Casts TV App/UI/Player/NowPlayingViewModel.swift` (the stored
// version at commit 0717553422a5fd8a72ed68d52512ae19123f61a7), `load()` and
// `loadEpisodeArtwork()`:
//
//     func loadEpisodeArtwork() {
//         Task.detached { [weak self] in
//             let image = await self?.loadEpisodeArtworkData()
//             ...
//             await MainActor.run { [weak self] in self?.displayImage = image ... }
//         }
//     }
//
// `observeUpNextChanges()` calls `load()` on every `playbackTrackChanged`
// notification (received on the main queue); `load()` sets the new episode and
// starts a detached task that loads its artwork and presents it with
// `MainActor.run`. Nothing cancels the previous track's task or checks that
// its episode is still the one shown, so the artwork of an earlier track can
// land after the newer track's. No fix PR for this load is known: the review
// of https://github.com/Automattic/pocket-casts-ios/pull/4473 flagged a
// sibling `Task.detached { await self?.load() }` in the same file's track-change
// handling, reverted in a8b945c; the artwork load stayed detached. The flaw is
// recorded from reading the code, and the screen is here as the set's
// `Task.detached` load.
//
// Port: the player, AVFoundation and analytics are left out; the image manager
// forwards to an async function (the checker's endpoint); the notification is
// a method the action calls on the main actor, as `.receive(on: DispatchQueue.main)` did.
import Foundation
import Observation

public struct EpisodeArtwork: Sendable, Hashable {
  public var id: String
  public init(id: String) { self.id = id }
}

/// `ImageManager.imageForEpisode(_:size:)`.
public struct ImageManager: Sendable {
  let fetch: @Sendable (String) async throws -> EpisodeArtwork
  public init(fetch: @escaping @Sendable (String) async throws -> EpisodeArtwork) { self.fetch = fetch }
  func imageForEpisode(_ episodeUuid: String) async -> EpisodeArtwork? { try? await fetch(episodeUuid) }
}

@Observable @MainActor
public final class NowPlayingViewModel {
  /// The episode shown (its uuid; `displayTitle` in the app).
  public private(set) var episode: String?
  public private(set) var displayImage: EpisodeArtwork?
  @ObservationIgnored private let imageManager: ImageManager
  /// `playbackManager.currentEpisode()`.
  @ObservationIgnored private var currentEpisode: String?

  public init(imageManager: ImageManager) { self.imageManager = imageManager }

  /// The `playbackTrackChanged` notification, delivered on the main queue.
  public func playbackTrackChanged(to episodeUuid: String) {
    currentEpisode = episodeUuid
    load()
  }

  func load() {
    let newEpisode = currentEpisode
    guard newEpisode != episode else { return }
    episode = newEpisode
    loadEpisodeArtwork()
  }

  func loadEpisodeArtwork() {
    Task.detached { [weak self] in
      let image = await self?.loadEpisodeArtworkData()
      await MainActor.run { [weak self] in
        self?.displayImage = image
      }
    }
  }

  private func loadEpisodeArtworkData() async -> EpisodeArtwork? {
    guard let episode else { return nil }
    return await imageManager.imageForEpisode(episode)
  }
}
