import BenchKit
import Foundation
import MockNetwork
import ProfileScene
import URLSessionTransport

/// `--base-url URL`: run the scene over real HTTP (URLSession) against a
/// server, instead of over the in-process mock.
///
/// `scripts/serve.py` is such a server, with the mock's routes and data
/// shape; a staging server of the user's own works too, if it serves
/// `users/{id}` and `posts?userId={id}` under the base URL.
enum RealServerOption {
  /// The option, declared by every suite that can run over real HTTP;
  /// `nil` when not given.
  static let baseURL = SuiteOption(
    "base-url", valueName: "url", help: "Run over real HTTP against this server, like http://127.0.0.1:8080",
    absent: "the in-process mock", parse: parse
  )

  /// The note a suite that always runs over the mock prints when
  /// `--base-url` was given, so that nobody mistakes its rows for real HTTP.
  /// - Parameters:
  ///   - options: the run's options.
  ///   - reason: why the suite cannot use the server.
  /// - Returns: one line, or nothing when no server was named.
  static func mockOnlyNotes(_ options: BenchOptions, reason: String) -> [String] {
    guard let url = options[baseURL] else { return [] }
    return ["--base-url \(url.absoluteString) does not apply here: \(reason)"]
  }

  /// A transport that records what it passes on to URLSession.
  static func transport() -> RecordingTransport {
    RecordingTransport(URLSessionTransport(timeout: .seconds(10)))
  }

  /// Checks that the server answers before a suite spends time measuring it.
  /// - Throws: ``RealServerError`` with one line saying what went wrong.
  static func probe(_ baseURL: URL) async throws {
    let worker = ProfileWorker(transport: URLSessionTransport(timeout: .seconds(5)), baseURL: baseURL)
    do {
      _ = try await worker.fetchUser(id: "1")
    } catch {
      throw RealServerError(baseURL: baseURL, underlying: error)
    }
  }

  static func parse(_ value: String) throws(InvalidValue) -> URL {
    guard let url = URL(string: value), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
      let host = url.host, !host.isEmpty, url.query == nil
    else {
      throw InvalidValue("expected an http:// or https:// URL with a host, like http://127.0.0.1:8080")
    }
    return url
  }
}
