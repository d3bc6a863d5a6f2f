/// One round of the hop measurement of a build of the scene: hops from its
/// interactor to its presenter, and the physical floor measured right after,
/// each in nanoseconds, one value per sample, in order.
public struct HopRound: Sendable, Codable, Equatable {
  /// From the interactor's stamp just before `await presenter?.presentProfile(…)`
  /// to the presenter's first probe on the main actor.
  public var oneWayNanoseconds: [Double] = []
  /// From the same stamp to the interactor's stamp once the call returned:
  /// there, the presenter's work, and back.
  public var roundTripNanoseconds: [Double] = []
  /// The presenter's formatting of a one-post profile, inside the round trip.
  public var formatNanoseconds: [Double] = []
  /// A condition-variable ping-pong between two plain threads: one thread's
  /// signal to the other's wake-up.
  public var floorOneWayNanoseconds: [Double] = []
  /// The same ping-pong there and back.
  public var floorRoundTripNanoseconds: [Double] = []

  /// Creates an empty round.
  public init() {}
}
