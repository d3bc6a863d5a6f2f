import Foundation

/// The toolchain's `swiftc`, found the way SwiftPM finds it, to compile the
/// build-settings rungs at run time.
///
/// In order: the `SWIFT_EXEC` environment variable; on Darwin, `xcrun --find
/// swiftc`; `swiftc` beside the `swift` found on `PATH`; `swiftc` on `PATH`.
struct SwiftCompiler: Sendable, Equatable {
  /// The compiler's path.
  var path: String
  /// The first line of `swiftc --version`, like `Swift version 6.3.1 (swift-6.3.1-RELEASE)`.
  var version: String

  /// The `swift` driver beside the compiler, for `swift package` and `swift build`.
  var swift: String {
    URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("swift").path
  }

  /// Finds the compiler and reads its version.
  /// - Parameter environment: the process environment.
  /// - Returns: the compiler.
  /// - Throws: ``BuildSettingsError/noCompiler(_:)`` when none is found or it does not run.
  static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws
    -> SwiftCompiler
  {
    let candidates = candidatePaths(environment: environment)
    guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
      throw BuildSettingsError.noCompiler(
        "no swiftc found (tried SWIFT_EXEC, \(xcrunNote)swiftc beside swift on PATH, swiftc on PATH)")
    }
    let result = try ToolRun.run(path, ["--version"])
    guard result.status == 0, let line = result.output.split(separator: "\n").first(where: { $0.contains("Swift") })
    else {
      throw BuildSettingsError.noCompiler("'\(path) --version' failed (exit \(result.status))")
    }
    return SwiftCompiler(path: path, version: line.trimmingCharacters(in: .whitespaces))
  }

  #if canImport(Darwin)
    private static let xcrunNote = "xcrun --find swiftc, "
  #else
    private static let xcrunNote = ""
  #endif

  /// The places to look, in order; the first executable one wins.
  static func candidatePaths(environment: [String: String]) -> [String] {
    var paths: [String] = []
    if let exec = environment["SWIFT_EXEC"], !exec.isEmpty { paths.append(exec) }
    #if canImport(Darwin)
      if let found = try? ToolRun.run("/usr/bin/xcrun", ["--find", "swiftc"]), found.status == 0 {
        paths.append(found.output.trimmingCharacters(in: .whitespacesAndNewlines))
      }
    #endif
    let directories = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
    for directory in directories where FileManager.default.isExecutableFile(atPath: directory + "/swift") {
      paths.append(directory + "/swiftc")
    }
    paths += directories.map { $0 + "/swiftc" }
    return paths
  }
}
