import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes files so that a reader sees the old file or the whole new one, never half.
///
/// The text goes to a temporary file of its own in the destination's
/// directory (``temporaryPath(for:)``), then `rename(2)` moves it over the
/// destination (atomic within one file system). The temporary file is
/// removed if anything fails. Concurrent writers, in one process or several,
/// never share a temporary file; the last rename wins.
public enum AtomicFileWriter {
  /// Writes `text` to `path` atomically.
  /// - Parameters:
  ///   - text: the contents, written as UTF-8.
  ///   - path: the destination file.
  /// - Throws: ``OutputError`` naming the path and the system's reason.
  public static func write(_ text: String, to path: String) throws(OutputError) {
    let temporary = temporaryPath(for: path)
    guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else {
      throw OutputError(path: path, reason: lastSystemError(creating: temporary))
    }
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw OutputError(path: path, reason: reason)
    }
  }

  /// A fresh temporary path beside `path`, like `<name>.<pid>.<uuid>.tmp`:
  /// unique per call, so that two writers in one process cannot remove or
  /// rename each other's file.
  /// - Parameter path: the destination file.
  /// - Returns: the temporary path.
  static func temporaryPath(for path: String) -> String {
    let destination = URL(fileURLWithPath: path)
    return destination.deletingLastPathComponent()
      .appendingPathComponent("\(destination.lastPathComponent).\(getpid()).\(UUID().uuidString).tmp").path
  }

  /// The reason `createFile` failed: `createFile` drops it, so ask `open(2)`.
  static func lastSystemError(creating path: String) -> String {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor < 0 else {
      close(descriptor)
      unlink(path)
      return "the file could not be written"
    }
    return String(cString: strerror(errno))
  }
}
