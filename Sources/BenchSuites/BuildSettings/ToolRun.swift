import Foundation

/// Runs a tool to completion, its standard output and error captured in files
/// (pipes could fill and stall a chatty compiler).
enum ToolRun {
  struct Result: Sendable {
    var status: Int32
    var standardOutput: Data
    var standardError: String

    /// Standard output, then standard error, as text.
    var output: String { String(decoding: standardOutput, as: UTF8.self) + standardError }
  }

  /// Runs `executable` with `arguments`.
  /// - Parameter directory: the working directory; the process's own when `nil`.
  /// - Returns: the exit status and what it printed.
  /// - Throws: when the executable cannot be started.
  static func run(_ executable: String, _ arguments: [String], in directory: URL? = nil) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("bench-tool-\(UUID().uuidString)")
    let outURL = base.appendingPathExtension("out")
    let errURL = base.appendingPathExtension("err")
    try Data().write(to: outURL)
    try Data().write(to: errURL)
    defer {
      try? FileManager.default.removeItem(at: outURL)
      try? FileManager.default.removeItem(at: errURL)
    }
    let out = try FileHandle(forWritingTo: outURL)
    let err = try FileHandle(forWritingTo: errURL)
    process.standardOutput = out
    process.standardError = err
    try process.run()
    process.waitUntilExit()
    try out.close()
    try err.close()
    return Result(
      status: process.terminationStatus, standardOutput: try Data(contentsOf: outURL),
      standardError: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
  }
}
