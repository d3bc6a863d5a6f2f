import Foundation

/// The endpoints the mock serves, recognised from a request's URL.
public enum MockRoute: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// `…/users/{id}`
  case user
  /// `…/posts?userId={id}`
  case posts
  /// Anything else: answered 404.
  case other

  /// `user`, `posts` or `other`.
  public var description: String { rawValue }

  /// The route and its user id for `url`, whatever the base URL's path.
  /// - Parameter url: a request URL.
  /// - Returns: the route, and the user id when the URL carries a numeric one.
  package static func match(_ url: URL) -> (route: MockRoute, userID: Int?) {
    let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    let path = (components?.path ?? url.path).split(separator: "/")
    if path.count >= 2, path[path.count - 2] == "users" {
      return (.user, Int(path[path.count - 1]))
    }
    if path.last == "posts" {
      let value = components?.queryItems?.first { $0.name == "userId" }?.value
      return (.posts, value.flatMap { Int($0) })
    }
    return (.other, nil)
  }
}
