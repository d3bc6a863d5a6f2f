/// A user, as `/users/{id}` returns it.
///
/// Decoding ignores the keys this scene does not use (`address`, `geo`,
/// `company`, `phone`, `website`).
public struct User: Codable, Equatable, Sendable {
  /// The user's numeric id.
  public let id: Int
  /// The user's full name.
  public let name: String
  /// The user's email address.
  public let email: String
  /// The user's handle.
  public let username: String

  /// Creates a user.
  public init(id: Int, name: String, email: String, username: String) {
    self.id = id
    self.name = name
    self.email = email
    self.username = username
  }
}
