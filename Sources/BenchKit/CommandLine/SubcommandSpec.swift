/// The declaration of a subcommand, like `list` or `compare <baseline> <current>`.
public struct SubcommandSpec: Sendable, Equatable {
  /// The word that selects it, like `compare`.
  public var name: String
  /// One sentence saying what it does, for the help.
  public var abstract: String
  /// Its positional arguments, in order.
  public var arguments: [ArgumentSpec]

  /// Declares a subcommand.
  /// - Parameters:
  ///   - name: the word that selects it.
  ///   - abstract: one sentence saying what it does.
  ///   - arguments: its positional arguments.
  public init(_ name: String, abstract: String, arguments: [ArgumentSpec] = []) {
    self.name = name
    self.abstract = abstract
    self.arguments = arguments
  }
}
