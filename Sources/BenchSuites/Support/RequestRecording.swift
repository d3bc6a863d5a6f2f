import BenchKit
import Foundation
import MockNetwork
import ProfileScene
import URLSessionTransport

/// A transport whose requests a suite can read back, one iteration at a time.
protocol RequestRecording: Sendable {
  /// How many requests were made so far.
  var requestCount: Int { get }
  /// The requests made after the first `count`.
  func records(after count: Int) -> [RequestRecord]
}

extension MockTransport: RequestRecording {
  var requestCount: Int { snapshot.started }
}

extension RecordingTransport: RequestRecording {
  var requestCount: Int { started }
}
