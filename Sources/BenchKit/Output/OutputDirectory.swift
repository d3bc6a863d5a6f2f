import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The directory results are written to (`--output`), checked before a run starts.
public struct OutputDirectory: Sendable, Equatable {
  /// The directory's path, as given.
  public let path: String

  /// Creates the directory if needed and proves it is writable by writing
  /// and removing a probe file, so that a long run cannot end unable to
  /// save its results.
  /// - Parameter path: the directory, relative to the working directory or absolute.
  /// - Throws: ``OutputError`` naming the path and the system's reason.
  public init(preparing path: String) throws(OutputError) {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw OutputError(path: path, reason: Self.reason(creating: path))
    }
    let probe = Self.probePath(in: path)
    try AtomicFileWriter.write("", to: probe)
    unlink(probe)
    self.path = path
  }

  /// A fresh probe file's path in `directory`, unique per call, so that
  /// concurrent checks of one directory never remove each other's probe.
  static func probePath(in directory: String) -> String {
    URL(fileURLWithPath: directory).appendingPathComponent(".write-probe.\(getpid()).\(UUID().uuidString)").path
  }

  /// The path of a file called `name` in this directory.
  /// - Parameter name: the file name, like `parallel-fetch.csv`.
  /// - Returns: the file's path.
  public func file(_ name: String) -> String {
    URL(fileURLWithPath: path).appendingPathComponent(name).path
  }

  /// Why `path` cannot be made a directory: walks down from the root to the
  /// first component that is not a directory or cannot be created.
  static func reason(creating path: String) -> String {
    var current = URL(fileURLWithPath: "/")
    for component in URL(fileURLWithPath: path).standardized.pathComponents.dropFirst() {
      current.appendPathComponent(component)
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: current.path, isDirectory: &isDirectory) {
        guard isDirectory.boolValue else { return "'\(current.path)' is not a directory" }
        continue
      }
      guard mkdir(current.path, 0o755) == 0 else { return String(cString: strerror(errno)) }
    }
    return "the directory could not be created"
  }
}
