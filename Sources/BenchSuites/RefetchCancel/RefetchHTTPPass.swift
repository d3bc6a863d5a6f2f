import Foundation
import IsolationChecks
import MockNetwork
import ProfileScene
import URLSessionTransport

/// The `stress-http` pass of `refetch-cancel` (`--base-url`): the checker's
/// own stress mode (``RefetchChecker/runStress(_:over:)``) over URLSession
/// against a server, for every scene whose cancellation is URLSession's.
///
/// Its rows of `refetch-cancel.csv` name the scene `…/url-session-real` and
/// the mode `stress-http`, so that they never pair with the mock's
/// `…/url-session` stress rows.
enum RefetchHTTPPass {
  /// The value of the CSV's `mode` column.
  static let mode = "stress-http"

  /// The scenes it runs: the variants of `scenes` whose network reports
  /// cancellation as URLSession does, which a real URLSession is.
  static func variants(in scenes: SceneRegistry) -> [RefetchVariant] {
    RefetchVariant.all(in: scenes).filter { $0.cancellationStyle == .urlSession }
  }

  /// The value of the CSV's `variant` column: `corrected/latest-request-only/url-session-real`.
  static func rowName(_ variant: any RefetchCancelSubject) -> String { "\(variant.name)-real" }

  /// The bound on a trial's wait for its taps' work: far above a healthy
  /// trial (tens of milliseconds) so that only a scene that hangs, not a slow
  /// or loaded machine, is counted as lost.
  static let quiescenceTimeout = Duration.seconds(10)

  /// The shared network: a URLSession whose requests time out after 10 seconds.
  static func server(_ baseURL: URL) -> StressServer {
    StressServer(transport: URLSessionTransport(timeout: .seconds(10)), baseURL: baseURL)
  }

  /// The stress options of every scene: one trial at a time, no replays, tap
  /// gaps drawn up to `maxActionGap`.
  static func options(trials: Int, seed: UInt64, maxActionGap: Duration) -> StressOptions {
    StressOptions(
      trials: trials, seed: seed, concurrency: 1, maxActionGap: maxActionGap, failureProbability: 0,
      deriveReplays: false)
  }

  /// Measures the server's latency for one profile load (user and posts in
  /// parallel), the median of a few warm-up loads, which also open the
  /// transport's connections.
  /// - Parameters:
  ///   - server: the server and its transport.
  ///   - loads: how many loads to time.
  /// - Returns: the median latency of a request.
  /// - Throws: the first error a load met.
  static func measureLatency(of server: StressServer, loads: Int = 5) async throws -> Duration {
    let recording = RecordingTransport(server.transport)
    let worker = ProfileWorker(transport: recording, baseURL: server.baseURL)
    for _ in 0..<loads {
      async let user = worker.fetchUser(id: "1")
      async let posts = worker.fetchPosts(userId: 1)
      _ = try await (user, posts)
    }
    let latencies = recording.records.compactMap(\.achievedLatency).sorted()
    return latencies.isEmpty ? .zero : latencies[latencies.count / 2]
  }
}
