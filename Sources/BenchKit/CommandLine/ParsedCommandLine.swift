/// A command line read against a ``CommandSpec``, not yet validated.
public struct ParsedCommandLine: Sendable, Equatable {
  /// Whether `-h`, `--help` or the `help` subcommand appeared.
  public var wantsHelp: Bool = false
  /// The subcommand named, if any.
  public var subcommand: String?
  /// Positional arguments, in order (for the subcommand if one was named).
  public var arguments: [String] = []
  /// Values of options that take one; when repeated, the last wins.
  public var values: [String: String] = [:]
  /// Flags that were given.
  public var flags: Set<String> = []

  /// Creates an empty command line.
  public init() {}
}
