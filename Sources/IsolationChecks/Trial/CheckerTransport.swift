import Foundation
import MockNetwork
import ProfileScene
import ScreenChecks

/// The profile scene's network in a trial: every `GET` is a call of the
/// trial's switchboard, on endpoint `u` (`users/{id}`), `p`
/// (`posts?userId={id}`) or `x` (anything else).
///
/// The checker answers it from the dataset (or, over a server, the server
/// does), fails it with the status the checker chooses, and attributes it to
/// the tap whose user it asks for: tap `n` asks for user `n`.
struct CheckerTransport: HTTPTransport {
  /// The endpoints, in the order their calls are offered.
  static let endpoints = MockRoute.allCases.map(token)

  /// The trial's switchboard.
  let switchboard: Switchboard
  /// What the checker answers.
  let dataset: MockDataset
  /// The real network, over a server.
  let server: (any HTTPTransport)?

  init(switchboard: Switchboard, dataset: MockDataset, server: (any HTTPTransport)? = nil) {
    self.switchboard = switchboard
    self.dataset = dataset
    self.server = server
    for endpoint in Self.endpoints { switchboard.declare(endpoint) }
  }

  func get(_ url: URL) async throws -> TransportResponse {
    let (route, userID) = MockRoute.match(url)
    let dataset = self.dataset
    var live: (@Sendable () async throws -> TransportResponse)?
    if let server {
      live = { try await server.get(url) }
    }
    return try await switchboard.call(
      endpoint: Self.token(route), request: "\(route)(user \(userID.map(String.init) ?? "-"))", key: nil,
      answer: { _ in dataset.response(route: route, userID: userID) },
      failure: { _, status in TransportResponse(statusCode: status, body: Data("{}".utf8)) },
      live: live, status: { $0.statusCode }, action: userID ?? 0)
  }

  /// `u`, `p` or `x`: the route's endpoint in schedule strings.
  static func token(_ route: MockRoute) -> String {
    switch route {
    case .user: "u"
    case .posts: "p"
    case .other: "x"
    }
  }
}
