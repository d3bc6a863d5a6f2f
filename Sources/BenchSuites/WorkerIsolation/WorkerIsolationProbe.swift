import BenchKit
import ProfileScene

/// Concurrent profile loads through one shared worker, as a list of profiles
/// or several scenes sharing a service would make them.
///
/// A load fetches the user and the posts concurrently (`async let`), as the
/// guides' interactor does, and stops there: presenting would serialise every
/// load on the main actor and hide what the worker does.
enum WorkerIsolationProbe {
  /// What one load returned, and when it finished.
  struct Load: Sendable {
    /// The user the load asked for.
    var userId: Int
    /// The decoded user.
    var user: User
    /// The decoded posts.
    var posts: [Post]
    /// From the start of the batch to the end of this load.
    var latency: Duration
  }

  /// What a batch of concurrent loads cost.
  struct Batch: Sendable {
    /// Every load, in order of completion.
    var loads: [Load]
    /// From the start of the batch to the end of its last load.
    var wall: Duration
    /// The process's CPU time over the batch, every thread included.
    var cpu: Duration
  }

  /// Loads the user and posts of `userId` through `worker`, both at once.
  static func load(userId: Int, through worker: any ProfileFetching) async throws -> (User, [Post]) {
    async let user = worker.fetchUser(id: String(userId))
    async let posts = worker.fetchPosts(userId: userId)
    return try await (user, posts)
  }

  /// Starts `count` loads at once through `worker` and waits for all of them.
  ///
  /// Load number `i` asks for user ``DecodeHeavyPayload/userId(forLoad:)``.
  /// - Parameters:
  ///   - count: how many loads run concurrently.
  ///   - worker: the worker every load shares.
  /// - Returns: the loads, the batch's wall time and its CPU time.
  /// - Throws: the first error of any load.
  static func loadConcurrently(_ count: Int, through worker: any ProfileFetching) async throws -> Batch {
    let clock = ContinuousClock()
    let cpuStart = ProcessCPUTime.now()
    let start = clock.now
    let loads = try await withThrowingTaskGroup(of: Load.self) { group in
      for index in 0..<count {
        let userId = DecodeHeavyPayload.userId(forLoad: index)
        group.addTask {
          let (user, posts) = try await load(userId: userId, through: worker)
          return Load(userId: userId, user: user, posts: posts, latency: start.duration(to: clock.now))
        }
      }
      var loads: [Load] = []
      for try await load in group { loads.append(load) }
      return loads
    }
    let wall = start.duration(to: clock.now)
    return Batch(loads: loads, wall: wall, cpu: ProcessCPUTime.now() - cpuStart)
  }
}
