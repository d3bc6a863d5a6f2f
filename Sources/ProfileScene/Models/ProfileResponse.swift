/// A loaded profile on its way from the interactor to the presenter.
public struct ProfileResponse: Sendable, Equatable {
  /// The request this response answers.
  public let request: ProfileRequest
  /// The user, as decoded from `/users/{id}`.
  public let user: User
  /// The user's posts, as decoded from `/posts?userId={id}`.
  public let posts: [Post]

  /// Creates a response.
  /// - Parameters:
  ///   - request: the request this response answers.
  ///   - user: the user.
  ///   - posts: the user's posts.
  public init(request: ProfileRequest, user: User, posts: [Post]) {
    self.request = request
    self.user = user
    self.posts = posts
  }
}
