/// A post, as `/posts?userId={id}` returns it.
public struct Post: Codable, Equatable, Sendable {
  /// The post's id.
  public let id: Int
  /// The id of the user who wrote it.
  public let userId: Int
  /// The post's title.
  public let title: String
  /// The post's body, possibly several lines long.
  public let body: String

  /// Creates a post.
  public init(id: Int, userId: Int, title: String, body: String) {
    self.id = id
    self.userId = userId
    self.title = title
    self.body = body
  }
}
