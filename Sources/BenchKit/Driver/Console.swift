import Foundation

/// Where the driver and progress reporting write text.
///
/// Injected so that tests can capture what a command prints.
public protocol Console: Sendable {
  /// Whether standard error is a terminal (progress bars are drawn only then).
  var errorIsTerminal: Bool { get }
  /// Writes to standard output.
  /// - Parameter text: the text, newlines included.
  func writeOutput(_ text: String)
  /// Writes to standard error.
  /// - Parameter text: the text, newlines included.
  func writeError(_ text: String)
}

/// The process's standard output and standard error, unbuffered.
public struct StandardConsole: Console {
  /// Whether standard error is a terminal, checked with `isatty(2)`.
  public let errorIsTerminal: Bool

  /// Creates the console, checking whether standard error is a terminal.
  public init() {
    errorIsTerminal = isatty(2) == 1
  }

  /// Writes to standard output.
  /// - Parameter text: the text, newlines included.
  public func writeOutput(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }

  /// Writes to standard error.
  /// - Parameter text: the text, newlines included.
  public func writeError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
