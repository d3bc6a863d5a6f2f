import MockNetwork
import ScreenChecks

/// A transport request of the profile scene, named by its route and tap:
/// `u2` is the user request of tap 2, `p1` the posts request of tap 1.
public typealias RequestLabel = CallLabel

extension CallLabel {
  /// The label of the `ordinal`-th request of `route` for tap `tap`.
  public init(route: MockRoute, tap: Int, ordinal: Int = 1) {
    self.init(
      endpoint: CheckerTransport.token(route), action: tap, ordinal: ordinal,
      rank: MockRoute.allCases.firstIndex(of: route) ?? 0)
  }
}
