import MockNetwork
import ProfileScene
import ScreenChecks

/// One variant of the refetch check: a registered interactor (the shipped
/// ones are seed or corrected, on an actor of its own or on the main actor),
/// a view policy and a cancellation style. The shipped registry gives sixteen.
///
/// Its ``name`` is the variant column of `refetch-cancel.csv` and the first
/// half of a replay string, `corrected/latest-request-only/url-session`.
public struct RefetchVariant: Sendable, Hashable, CustomStringConvertible {
  /// The interactor.
  public var interactor: RegisteredInteractor
  /// The view policy.
  public var policy: ViewPolicy
  /// How the network reports cancellation.
  public var cancellationStyle: CancellationStyle

  /// Creates a variant.
  public init(interactor: RegisteredInteractor, policy: ViewPolicy, cancellationStyle: CancellationStyle) {
    self.interactor = interactor
    self.policy = policy
    self.cancellationStyle = cancellationStyle
  }

  /// Creates a variant of a shipped interactor.
  public init(interactor: InteractorVariant, policy: ViewPolicy, cancellationStyle: CancellationStyle) {
    self.init(interactor: interactor.registered, policy: policy, cancellationStyle: cancellationStyle)
  }

  /// Every variant of the registry's interactors: interactor × policy ×
  /// cancellation style, in registration order; sixteen for the shipped registry.
  public static func all(in registry: SceneRegistry = .shipped) -> [RefetchVariant] {
    registry.interactors.flatMap { interactor in
      ViewPolicy.allCases.flatMap { policy in
        CancellationStyle.allCases.map {
          RefetchVariant(interactor: interactor, policy: policy, cancellationStyle: $0)
        }
      }
    }
  }

  /// `seed/seed/cancellation-error` … `corrected/latest-request-only/url-session`.
  public var name: String { "\(interactor)/\(policy)/\(cancellationStyle)" }

  /// The variant's ``name``.
  public var description: String { name }

  /// Whether this is a corrected scene (a corrected interactor, on its own
  /// actor or on the main actor, behind ``ViewPolicy/latestRequestOnly``),
  /// whose forbidden outcomes break the contract; those of every other
  /// variant are findings.
  public var isCorrectedScene: Bool { interactor.isCorrected && policy == .latestRequestOnly }

  /// The scene the checker runs.
  public var scene: SceneUnderTest {
    SceneUnderTest("\(interactor)/\(policy)", policy: policy, makeInteractor: interactor.makeInteractor)
  }

  /// The variant of `registry` whose ``name`` is `name`, if any.
  public init?(name: String, in registry: SceneRegistry = .shipped) {
    guard let variant = Self.all(in: registry).first(where: { $0.name == name }) else { return nil }
    self = variant
  }

  /// `name:schedule`, what `bench refetch-cancel --replay` takes.
  public func replayString(_ schedule: ScreenSchedule) -> String { "\(name):\(schedule)" }

  /// Reads a replay string, `variant:schedule`.
  /// - Parameters:
  ///   - text: the replay string.
  ///   - registry: the interactors its variant may name.
  /// - Throws: ``ScheduleParseError`` when the variant is unknown or the schedule unreadable.
  public static func parseReplay(_ text: String, in registry: SceneRegistry = .shipped) throws(ScheduleParseError)
    -> (variant: RefetchVariant, schedule: ScreenSchedule)
  {
    guard let colon = text.firstIndex(of: ":") else {
      throw ScheduleParseError(
        token: text, reason: "a replay string is <variant>:<schedule>, like corrected/seed/url-session:t1,t2,u2,p2")
    }
    let name = String(text[..<colon])
    guard let variant = RefetchVariant(name: name, in: registry) else {
      throw ScheduleParseError(
        token: name, reason: "unknown variant; one of \(all(in: registry).map(\.name).joined(separator: ", "))")
    }
    return (variant, try ScreenSchedule(parsing: String(text[text.index(after: colon)...])))
  }
}
