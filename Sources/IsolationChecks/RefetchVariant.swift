import MockNetwork
import ProfileScene

/// One of the sixteen shipped variants of the refetch check: an interactor
/// (seed or corrected, on an actor of its own or on the main actor), a view
/// policy and a cancellation style.
///
/// Its ``name`` is the variant column of `refetch-cancel.csv` and the first
/// half of a replay string, `corrected/latest-request-only/url-session`.
public struct RefetchVariant: Sendable, Hashable, CustomStringConvertible {
  /// The interactor.
  public var interactor: InteractorVariant
  /// The view policy.
  public var policy: ViewPolicy
  /// How the network reports cancellation.
  public var cancellationStyle: CancellationStyle

  /// Creates a variant.
  public init(interactor: InteractorVariant, policy: ViewPolicy, cancellationStyle: CancellationStyle) {
    self.interactor = interactor
    self.policy = policy
    self.cancellationStyle = cancellationStyle
  }

  /// All sixteen: interactor × policy × cancellation style, seed first.
  public static let all: [RefetchVariant] = InteractorVariant.allCases.flatMap { interactor in
    ViewPolicy.allCases.flatMap { policy in
      CancellationStyle.allCases.map {
        RefetchVariant(interactor: interactor, policy: policy, cancellationStyle: $0)
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
  public var scene: SceneUnderTest { .shipped(interactor, policy: policy) }

  /// The variant whose ``name`` is `name`, if any.
  public init?(name: String) {
    guard let variant = Self.all.first(where: { $0.name == name }) else { return nil }
    self = variant
  }

  /// `name:schedule`, what `bench refetch-cancel --replay` takes.
  public func replayString(_ schedule: RefetchSchedule) -> String { "\(name):\(schedule)" }

  /// Reads a replay string, `variant:schedule`.
  /// - Throws: ``ScheduleParseError`` when the variant is unknown or the schedule unreadable.
  public static func parseReplay(_ text: String) throws(ScheduleParseError)
    -> (variant: RefetchVariant, schedule: RefetchSchedule)
  {
    guard let colon = text.firstIndex(of: ":") else {
      throw ScheduleParseError(
        token: text, reason: "a replay string is <variant>:<schedule>, like corrected/seed/url-session:t1,t2,u2,p2")
    }
    let name = String(text[..<colon])
    guard let variant = RefetchVariant(name: name) else {
      throw ScheduleParseError(
        token: name, reason: "unknown variant; one of \(all.map(\.name).joined(separator: ", "))")
    }
    return (variant, try RefetchSchedule(parsing: String(text[text.index(after: colon)...])))
  }
}
