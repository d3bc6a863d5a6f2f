/// The declaration of a positional argument, like `<suite> ...` or `<baseline>`.
public struct ArgumentSpec: Sendable, Equatable {
  /// The placeholder, like `suite`.
  public var name: String
  /// One sentence ending with its default, for the help.
  public var help: String
  /// Whether it may be left out.
  public var isOptional: Bool
  /// Whether it may be given several times (then it must be the last argument).
  public var isRepeating: Bool

  /// Declares an argument.
  /// - Parameters:
  ///   - name: the placeholder.
  ///   - help: one sentence ending with its default.
  ///   - isOptional: whether it may be left out.
  ///   - isRepeating: whether it may be repeated.
  public init(_ name: String, help: String, isOptional: Bool = false, isRepeating: Bool = false) {
    self.name = name
    self.help = help
    self.isOptional = isOptional
    self.isRepeating = isRepeating
  }

  /// How it is shown in usage lines, like `[<suite> ...]`.
  public var usage: String {
    let base = "<\(name)>" + (isRepeating ? " ..." : "")
    return isOptional ? "[\(base)]" : base
  }
}
