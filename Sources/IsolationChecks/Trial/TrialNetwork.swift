import Foundation
import MockNetwork
import ProfileScene

/// The transport of one trial and what it can tell about its requests.
///
/// Over the mock, the checker reads the mock's own records and state; over a
/// server, it reads what a `RecordingTransport` saw on the client's side of
/// the wire: the server's own view (what it answered after the client gave
/// up) is not available.
enum TrialNetwork: Sendable {
  /// The checker's in-process mock, gated or not.
  case mock(MockTransport)
  /// A real transport against `baseURL`, recorded on the client's side.
  case server(RecordingTransport, baseURL: URL)

  /// What the scene's worker talks to.
  var transport: any HTTPTransport {
    switch self {
    case .mock(let mock): mock
    case .server(let recording, _): recording
    }
  }

  /// The API root the worker resolves its routes against.
  var baseURL: URL {
    switch self {
    case .mock: ProfileWorker.defaultBaseURL
    case .server(_, let baseURL): baseURL
    }
  }

  /// Every request so far, in order of arrival.
  var records: [RequestRecord] {
    switch self {
    case .mock(let mock): mock.records
    case .server(let recording, _): recording.records
    }
  }

  /// Requests still running: served by the mock, or, over a server, whose
  /// transport call has not returned.
  var inFlight: Int {
    switch self {
    case .mock(let mock): mock.snapshot.inFlight
    case .server(let recording, _): recording.records.count { $0.end == nil }
    }
  }
}
