import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `scripts/serve.py`, started as a subprocess on a free loopback port for
/// one test, and stopped at its end.
///
/// The server picks its own port (`--port 0`) and writes it to a port file;
/// ``start(_:)`` polls that file against a deadline. Polling is the right
/// tool here: the file is written by another process, which can signal this
/// one no other way without a pipe protocol.
public final class LoopbackServer: Sendable {
  /// How long the server may take to start listening.
  public static let startLimit = Duration.seconds(10)
  /// How long any server started by these tests lives, if the tests never stop it
  /// (a crashed test process, say).
  public static let lifetimeLimit = "120s"
  /// How long the server may take to exit after SIGTERM before it is killed.
  public static let stopLimit = Duration.seconds(5)

  /// `http://127.0.0.1:PORT`.
  public let baseURL: URL
  /// The port it listens on, on 127.0.0.1.
  public let port: Int
  private let process: Process
  private let directory: URL

  private init(process: Process, port: Int, directory: URL) {
    self.process = process
    self.port = port
    self.directory = directory
    self.baseURL = URL(string: "http://127.0.0.1:\(port)")!
  }

  /// Starts `scripts/serve.py` with `arguments` and waits until it listens.
  /// - Throws: ``ServerError`` when python3 is missing, the server exits, or
  ///   it does not listen within ``startLimit``.
  public static func start(_ arguments: [String] = []) async throws -> LoopbackServer {
    let python = try findPython()
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("serve-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let portFile = directory.appendingPathComponent("port")
    let logFile = directory.appendingPathComponent("stderr")
    guard FileManager.default.createFile(atPath: logFile.path, contents: nil) else {
      throw ServerError("cannot create \(logFile.path)")
    }

    let process = Process()
    process.executableURL = python
    process.arguments =
      [scriptURL.path, "--port", "0", "--port-file", portFile.path, "--max-seconds", lifetimeLimit]
      + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: logFile)
    try process.run()

    let deadline = ContinuousClock.now + startLimit
    while ContinuousClock.now < deadline {
      if let text = try? String(contentsOf: portFile, encoding: .utf8),
        let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
      {
        return LoopbackServer(process: process, port: port, directory: directory)
      }
      if !process.isRunning {
        let log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        throw ServerError(
          "scripts/serve.py exited with status \(process.terminationStatus) before listening: \(log)")
      }
      try await Task.sleep(for: .milliseconds(10))
    }
    let server = LoopbackServer(process: process, port: 0, directory: directory)
    await server.stop()
    throw ServerError("scripts/serve.py did not write its port within \(startLimit)")
  }

  /// Runs `body` with a server started with `arguments`, and stops the
  /// server afterwards, whether `body` returns or throws.
  public static func with<Result>(
    _ arguments: [String] = [],
    isolation: isolated (any Actor)? = #isolation,
    _ body: (LoopbackServer) async throws -> Result
  ) async throws -> Result {
    let server = try await start(arguments)
    do {
      let result = try await body(server)
      await server.stop()
      return result
    } catch {
      await server.stop()
      throw error
    }
  }

  /// The URL of `path` (which may carry a query) on this server.
  public func url(_ path: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)")!
  }

  /// Stops the server with SIGTERM and waits for it to exit, killing it if
  /// it has not exited within ``stopLimit``.
  ///
  /// Waits with `Task.sleep` rather than `Process.waitUntilExit()`, which
  /// would block a thread of the cooperative pool (two on a 2-core machine)
  /// and stall every other test.
  public func stop() async {
    if process.isRunning {
      process.terminate()
      if await !waitForExit(within: Self.stopLimit) {
        kill(process.processIdentifier, SIGKILL)
        _ = await waitForExit(within: Self.stopLimit)
      }
    }
    try? FileManager.default.removeItem(at: directory)
  }

  private func waitForExit(within limit: Duration) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while process.isRunning {
      guard ContinuousClock.now < deadline else { return false }
      try? await Task.sleep(for: .milliseconds(5))
    }
    return true
  }

  /// The server's request counts, from `/__stats`.
  public func stats() async throws -> ServerStats {
    let (body, _) = try await URLSession.shared.data(from: url("/__stats"))
    return try JSONDecoder().decode(ServerStats.self, from: body)
  }

  /// Waits until the server's counts satisfy `condition`, polling
  /// `/__stats` against a deadline.
  /// - Parameter what: a few words naming the condition, for the timeout error.
  /// - Returns: the counts that satisfied it.
  @discardableResult
  public func waitForStats(
    _ what: String, within limit: Duration = .seconds(10), _ condition: @Sendable (ServerStats) -> Bool
  ) async throws -> ServerStats {
    let deadline = ContinuousClock.now + limit
    var last = try await stats()
    while !condition(last) {
      guard ContinuousClock.now < deadline else {
        throw ServerError("timed out after \(limit) waiting for the server to see \(what); last stats: \(last)")
      }
      try await Task.sleep(for: .milliseconds(5))
      last = try await stats()
    }
    return last
  }

  /// `scripts/serve.py`, found from this file's path.
  public static var scriptURL: URL {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // LoopbackTestSupport
      .deletingLastPathComponent()  // Support
      .deletingLastPathComponent()  // Tests
      .deletingLastPathComponent()  // the package root
      .appendingPathComponent("scripts/serve.py")
  }

  private static func findPython() throws -> URL {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("python3")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    throw ServerError(
      "python3 is not on PATH (\(path)); the tests need it to run scripts/serve.py")
  }
}

/// Why the loopback server could not be used.
public struct ServerError: Error, CustomStringConvertible {
  /// What went wrong, in one line.
  public var description: String

  /// Creates an error.
  public init(_ description: String) {
    self.description = description
  }
}
