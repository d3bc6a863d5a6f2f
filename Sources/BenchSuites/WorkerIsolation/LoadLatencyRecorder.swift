import BenchKit
import Foundation
import MockNetwork
import ProfileScene

/// Every load's latency, by variant, in measurement order (warm-up batches first).
final class LoadLatencyRecorder {
  private let lock = NSLock()
  private var batches: [String: [[Double]]] = [:]

  func record(_ latencies: [Double], for variant: String) {
    lock.withLock { batches[variant, default: []].append(latencies) }
  }

  var latenciesByVariant: [String: [[Double]]] {
    lock.withLock { batches }
  }
}

// Safety: `batches` is read and written only while `lock` is held.
extension LoadLatencyRecorder: @unchecked Sendable {}
