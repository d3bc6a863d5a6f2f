import BenchKit
import MockNetwork
import ProfileScene

/// One profile load on a fresh scene, measured against a frame loop on the
/// main actor.
///
/// The frame loop (``FrameTicker``) starts first; after two ticks the user
/// taps, right after a frame, as a touch would be handled. The network's
/// jittered latency moves the moment the response arrives across the frame,
/// so decoding starts at a different phase each time. The load ends when the
/// profile is on screen; the loop runs until the first tick after that, so a
/// stall that outlasts the load is still measured.
///
/// The harness itself only awaits on the main actor: it never blocks it.
@MainActor
enum MainResponsivenessProbe {
  /// What one load did to the frames.
  struct Observation: Sendable {
    /// From the tap to the profile on screen.
    var load: Duration
    /// The gaps between frames that overlap the load.
    var gaps: FrameGaps
  }

  /// Loads user `userId`'s profile through a new scene of `spec`'s placement
  /// while `spec`'s frame loop runs.
  /// - Parameters:
  ///   - spec: the placement and the frame rate.
  ///   - transport: the network the scene's worker uses.
  ///   - userId: the user to load.
  ///   - expectedName: the name the profile must show.
  /// - Returns: the load's latency and frame gaps.
  /// - Throws: ``MainResponsivenessError/wrongDisplay(_:shown:)`` unless the
  ///   expected profile, with every post, was shown.
  static func measure(
    _ spec: MainResponsivenessCase, transport: MockTransport, userId: Int, expectedName: String
  ) async throws -> Observation {
    let scene = spec.placement.assembleScene(transport: transport)
    let viewController = scene.viewController
    let stamp = DisplayStamp()
    viewController.onEvent = { event in
      if case .showedProfile = event { stamp.instant = .now }
    }
    let ticker = FrameTicker(period: spec.period)
    ticker.start()
    let first = await ticker.tick(after: .now)
    _ = await ticker.tick(after: first)

    let tap = ContinuousClock.now
    viewController.refresh(userId: String(userId))
    await viewController.waitForFetchCalls()
    guard let displayed = stamp.instant, let profile = viewController.profile,
      profile.displayName == expectedName, profile.posts.count == spec.posts
    else {
      ticker.stop()
      throw MainResponsivenessError.wrongDisplay(spec.title, shown: viewController.log.map(\.description))
    }
    _ = await ticker.tick(after: displayed)
    ticker.stop()
    return Observation(
      load: tap.duration(to: displayed),
      gaps: FrameGaps(ticks: ticker.ticks, overlapping: tap...displayed, period: spec.period))
  }
}

/// When the profile reached the screen.
@MainActor
private final class DisplayStamp {
  var instant: ContinuousClock.Instant?
}
