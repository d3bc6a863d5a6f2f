/// An interactor under a name: what every scene suite builds, taps and
/// measures, beside the shipped ones.
public struct RegisteredInteractor: Sendable, Hashable, CustomStringConvertible {
  /// The name in tables, CSV rows and replay strings, like `seed` or `mine`.
  public let name: String
  /// What it claims; decides whether its forbidden outcomes fail the run.
  public let design: InteractorDesign
  /// Builds it from the scene's worker and presenter.
  public let makeInteractor: InteractorFactory

  /// Describes an interactor; register it with ``SceneRegistry/register(_:design:makeInteractor:)``.
  public init(name: String, design: InteractorDesign, makeInteractor: @escaping InteractorFactory) {
    self.name = name
    self.design = design
    self.makeInteractor = makeInteractor
  }

  /// Whether it claims the corrected contract.
  public var isCorrected: Bool { design == .corrected }

  /// The name.
  public var description: String { name }

  /// Two entries are the same interactor when their names are equal: a
  /// registry holds each name once.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }

  /// Hashes the name.
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
