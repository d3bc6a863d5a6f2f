/// A way to present several updates back to back.
public enum HopBatch: String, Sendable, CaseIterable, CustomStringConvertible {
  /// N guide calls in a row: N round trips, one after the other.
  case awaitEach = "await-each"
  /// One `await MainActor.run { }` that presents N times: the updates share one hop.
  case oneHop = "one-hop"
  /// N `AsyncStream` yields without waiting, then wait for the last to be presented.
  case streamPipelined = "stream-pipelined"
  /// N `Task { @MainActor in }` without waiting, then wait for them in order.
  case taskPipelined = "task-pipelined"

  /// A human title for `count` updates, like "32 presents, one hop".
  /// - Parameter count: how many updates.
  /// - Returns: the title.
  public func title(count: Int) -> String {
    switch self {
    case .awaitEach: "\(count) presents, each awaited (guide)"
    case .oneHop: "\(count) presents, one MainActor.run hop"
    case .streamPipelined: "\(count) presents, AsyncStream pipelined"
    case .taskPipelined: "\(count) presents, Task { @MainActor } pipelined"
    }
  }

  /// How many main-actor hops the batch makes for `count` updates.
  /// - Parameter count: how many updates.
  /// - Returns: `count`, or 1 for ``oneHop``.
  public func hops(count: Int) -> Int {
    self == .oneHop ? 1 : count
  }

  /// The kebab-case name used in tables.
  public var description: String { rawValue }
}
