import BenchKit
import Foundation

/// Keeps every progress event, for assertions.
final class RecordingProgress: ProgressSink {
  private let lock = NSLock()
  private var recorded: [ProgressEvent] = []

  var events: [ProgressEvent] {
    lock.withLock { recorded }
  }

  func report(_ event: ProgressEvent) {
    lock.withLock { recorded.append(event) }
  }
}

// Safety: `recorded` is read and written only while `lock` is held.
extension RecordingProgress: @unchecked Sendable {}
