import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes files so that a reader sees the old file or the whole new one, never half.
///
/// The text goes to `<name>.<pid>.tmp` in the destination's directory, then
/// `rename(2)` moves it over the destination (atomic within one file system).
/// The temporary file is removed if anything fails.
public enum AtomicFileWriter {
  /// Writes `text` to `path` atomically.
  /// - Parameters:
  ///   - text: the contents, written as UTF-8.
  ///   - path: the destination file.
  /// - Throws: ``OutputError`` naming the path and the system's reason.
  public static func write(_ text: String, to path: String) throws(OutputError) {
    let destination = URL(fileURLWithPath: path)
    let temporary = destination.deletingLastPathComponent()
      .appendingPathComponent("\(destination.lastPathComponent).\(getpid()).tmp").path
    guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else {
      throw OutputError(path: path, reason: lastSystemError(creating: temporary))
    }
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw OutputError(path: path, reason: reason)
    }
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
