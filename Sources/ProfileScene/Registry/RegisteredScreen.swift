/// A screen of a package's own under a name, beside the registered
/// interactors: the refetch checker's core runs it from its description,
/// which `IsolationChecks` keeps here (this module knows nothing of the checker).
public struct RegisteredScreen: Sendable, Hashable, CustomStringConvertible {
  /// The name in tables, CSV rows and replay strings, like `search`.
  public let name: String
  /// What it claims; decides whether its forbidden outcomes fail the run.
  public let design: InteractorDesign
  /// The checker's description of it.
  package let checkerDescription: any Sendable

  package init(name: String, design: InteractorDesign, description: any Sendable) {
    self.name = name
    self.design = design
    self.checkerDescription = description
  }

  /// The name.
  public var description: String { name }

  /// Whether it claims its contract.
  public var isCorrected: Bool { design == .corrected }

  /// Two entries are the same screen when their names are equal.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }

  /// Hashes the name.
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
