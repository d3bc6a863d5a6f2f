import ProfileScene

extension HopInteractor {
  /// Presents `response` `count` times in the way `batch` says and returns
  /// the time from the first send to the interactor learning the last was
  /// presented.
  /// - Parameters:
  ///   - response: the profile to present each time.
  ///   - count: how many presentations; at least 1.
  ///   - batch: how to send them.
  /// - Returns: the elapsed time in nanoseconds.
  public func presentBatch(_ response: ProfileResponse, count: Int, as batch: HopBatch) async -> Int64 {
    precondition(count >= 1, "a batch needs at least one presentation")
    let proxy = self.proxy
    let start = clock.now()
    switch batch {
    case .awaitEach:
      for _ in 0..<count {
        await presenter?.presentProfile(response: response)
      }
    case .oneHop:
      await MainActor.run {
        for _ in 0..<count {
          proxy.presentProfile(response: response)
        }
      }
    case .streamPipelined:
      let producer = stream.producer
      for _ in 1..<count {
        producer.yield(StreamDelivery(response: response))
      }
      await withCheckedContinuation { acknowledgement in
        producer.yield(StreamDelivery(response: response, acknowledgement: acknowledgement))
      }
    case .taskPipelined:
      var tasks: [Task<Void, Never>] = []
      tasks.reserveCapacity(count)
      for _ in 0..<count {
        tasks.append(Task { @MainActor in proxy.presentProfile(response: response) })
      }
      for task in tasks {
        await task.value
      }
    }
    return clock.now() - start
  }

  /// Makes the guide's call again and again until `window` nanoseconds have
  /// passed, and counts the calls that completed: how many hops fit in it.
  /// - Parameters:
  ///   - response: the profile to present each time.
  ///   - window: how long to go on, in nanoseconds, like one frame.
  /// - Returns: the calls completed within the window.
  public func presentRepeatedly(_ response: ProfileResponse, for window: Int64) async -> Int {
    let deadline = clock.now() + window
    var completed = 0
    while true {
      await presenter?.presentProfile(response: response)
      guard clock.now() <= deadline else { return completed }
      completed += 1
    }
  }
}
