import BenchKit
import BuildSettingsSupport
import Foundation

@testable import BuildSettingsScene

/// The hop from this build's interactor to its presenter, one way and round
/// trip, beside the physical floor measured in the same rounds.
///
/// Each sample is one load through a fresh scene over a network that
/// answers at once with a one-post profile, so that the hop, not the
/// network, dominates; the main actor is otherwise idle, as it is when a
/// response comes back. The stamps are the scene's own probes: the
/// interactor's just before `await presenter?.presentProfile(…)` (sent), the
/// presenter's first probe (arrived), and the interactor's once the call
/// returned (returned). The floor is ``ConditionPingPong``: two plain
/// threads waking each other, one exchange per sample.
///
/// - Important: every member is isolated to the main actor, where the
///   scene's view controller lives; run it with nothing else scheduled there.
@MainActor
struct HopRun {
  /// Loads (and floor exchanges) per round.
  let samples: Int
  private let transport = InstantSceneTransport(payload: ScenePayload(posts: 1, bodyLength: 80))

  init(samples: Int) {
    self.samples = samples
  }

  /// One round: `samples` hops, then `samples` floor exchanges.
  /// - Parameter floor: the round's ping-pong threads.
  /// - Returns: the round's figures.
  func round(floor: ConditionPingPong) async throws -> HopRound {
    var round = HopRound()
    for _ in 0..<samples {
      let stamps = try await hop()
      round.oneWayNanoseconds.append(Double(stamps.arrived - stamps.sent))
      round.roundTripNanoseconds.append(Double(stamps.returned - stamps.sent))
      round.formatNanoseconds.append(Double(stamps.formatted - stamps.arrived))
    }
    for _ in 0..<samples {
      let sample = await floor.exchange()
      round.floorOneWayNanoseconds.append(sample.oneWayNanoseconds)
      round.floorRoundTripNanoseconds.append(sample.roundTripNanoseconds)
    }
    return round
  }

  /// One load through a fresh scene, waited for until the interactor is
  /// back from the presenter.
  private func hop() async throws -> HopStamps {
    let controller = ProfileViewController()
    _ = StageProbe.log.drain()
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let returned = OneTimeResumer(continuation)
      StageProbe.log.observe { record in
        if record.stage == .presenterReturn { returned.resume() }
      }
      controller.viewDidLoad(transport: transport, userId: "1")
    }
    StageProbe.log.observe(nil)
    withExtendedLifetime(controller) {}
    let records = StageProbe.log.drain()
    guard let sent = records.first(where: { $0.stage == .presenterCall }),
      let format = records.first(where: { $0.stage == .formatting }),
      let returned = records.first(where: { $0.stage == .presenterReturn })
    else { throw DriverError.missingHopStamps(records.map(\.stage.rawValue)) }
    return HopStamps(
      sent: sent.startNanoseconds, arrived: format.startNanoseconds, formatted: format.endNanoseconds,
      returned: returned.startNanoseconds)
  }
}

/// The four stamps of one hop, in nanoseconds on the probes' clock.
struct HopStamps {
  var sent: Int64
  var arrived: Int64
  var formatted: Int64
  var returned: Int64
}

/// Resumes a continuation the first time ``resume()`` is called, from any thread.
final class OneTimeResumer {
  private let lock = NSLock()
  private var continuation: CheckedContinuation<Void, Never>?

  init(_ continuation: CheckedContinuation<Void, Never>) {
    self.continuation = continuation
  }

  func resume() {
    let pending = lock.withLock {
      defer { continuation = nil }
      return continuation
    }
    pending?.resume()
  }
}

// Safety: `continuation` is read and written only while `lock` is held.
extension OneTimeResumer: @unchecked Sendable {}

/// A network that answers at once, without suspending, with the payload for the path.
struct InstantSceneTransport: SceneTransport {
  let payload: ScenePayload

  func data(path: String) async throws -> Data {
    path.hasPrefix("users/") ? payload.user : payload.posts
  }
}
