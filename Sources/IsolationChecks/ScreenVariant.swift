import ProfileScene
import ScreenChecks

extension SceneRegistry {
  /// Adds a screen of your own, checked from its description beside the
  /// registered interactors: `bench refetch-cancel` runs it under both
  /// cancellation styles, in both modes, as `<name>/<style>`.
  ///
  /// ```swift
  /// var scenes = SceneRegistry.shipped
  /// scenes.register(searchScreen)
  /// await Bench.main(scenes: scenes)
  /// ```
  /// - Parameters:
  ///   - screen: the screen's description; its name must be kebab case and not taken.
  ///   - design: ``InteractorDesign/corrected`` (the default: a forbidden
  ///     outcome fails the run) or ``InteractorDesign/underStudy``.
  public mutating func register<Model>(_ screen: ScreenDescription<Model>, design: InteractorDesign = .corrected) {
    register(screen: screen.name, design: design, description: screen.checked)
  }
}

extension RegisteredScreen {
  /// The screen as the checker runs it.
  package var checked: CheckedScreen {
    guard let screen = checkerDescription as? CheckedScreen else {
      preconditionFailure("RegisteredScreen \(name): registered without a checker's description")
    }
    return screen
  }
}

/// One variant of the refetch check of a registered screen: the screen and
/// a cancellation style. Its ``name`` is the variant column of
/// `refetch-cancel.csv` and the first half of a replay string, `search/url-session`.
public struct ScreenVariant: Sendable, Hashable, CustomStringConvertible {
  /// The screen.
  public var screen: RegisteredScreen
  /// How its dependencies report cancellation.
  public var cancellationStyle: CancellationStyle

  /// Creates a variant.
  public init(screen: RegisteredScreen, cancellationStyle: CancellationStyle) {
    self.screen = screen
    self.cancellationStyle = cancellationStyle
  }

  /// Every variant of the registry's screens: screen × cancellation style, in registration order.
  public static func all(in registry: SceneRegistry) -> [ScreenVariant] {
    registry.screens.flatMap { screen in
      CancellationStyle.allCases.map { ScreenVariant(screen: screen, cancellationStyle: $0) }
    }
  }

  /// The variant of `registry` whose ``name`` is `name`, if any.
  public init?(name: String, in registry: SceneRegistry) {
    guard let variant = Self.all(in: registry).first(where: { $0.name == name }) else { return nil }
    self = variant
  }

  /// `search/url-session`.
  public var name: String { "\(screen.name)/\(cancellationStyle)" }

  /// The variant's ``name``.
  public var description: String { name }

  /// Whether the screen claims its contract, so that its forbidden outcomes break it.
  public var isCorrectedScene: Bool { screen.isCorrected }

  /// `name:schedule`, what `bench refetch-cancel --replay` takes.
  public func replayString(_ schedule: ScreenSchedule) -> String { "\(name):\(schedule)" }
}
