/// A command line that cannot run: what went wrong and the usage to show.
public struct UsageError: Error, Equatable, Sendable {
  /// What went wrong, one line, like "Unknown option '--fast'".
  public var message: String
  /// The usage line of the command concerned, like `bench [<suite> ...] [<options>]`.
  public var usage: String

  /// Creates the error.
  /// - Parameters:
  ///   - message: what went wrong.
  ///   - usage: the usage line to show, without the `Usage: ` prefix.
  public init(_ message: String, usage: String) {
    self.message = message
    self.usage = usage
  }

  /// The text printed to standard error, ending in a newline:
  /// `Error: …`, the usage line, and where to find help.
  /// - Parameter commandName: the executable's name, like `bench`.
  /// - Returns: the three lines.
  public func rendered(commandName: String) -> String {
    """
    Error: \(message)
    Usage: \(usage)
      See '\(commandName) --help' for more information.

    """
  }
}
