/// Why results could not be written.
public struct OutputError: Error, Equatable, CustomStringConvertible {
  /// The path that could not be created or written.
  public var path: String
  /// What the operating system said, like "Not a directory".
  public var reason: String

  /// Creates an error.
  /// - Parameters:
  ///   - path: the path involved.
  ///   - reason: what went wrong.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// One line: `cannot write to '<path>': <reason>`.
  public var description: String {
    "cannot write to '\(path)': \(reason)"
  }
}
