/// Receives progress events from suites and the runner.
///
/// - Important: may be called from any isolation domain; implementations
///   must be thread-safe and quick.
public protocol ProgressSink: Sendable {
  /// Records one event.
  /// - Parameter event: what happened.
  func report(_ event: ProgressEvent)
}

/// A reporter that ignores every event.
public struct SilentProgress: ProgressSink {
  /// Creates a silent reporter.
  public init() {}

  /// Ignores the event.
  /// - Parameter event: ignored.
  public func report(_ event: ProgressEvent) {}
}
