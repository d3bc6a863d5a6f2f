/// What the profile screen shows, formatted by the presenter.
public struct ProfileViewModel: Sendable, Equatable {
  /// The request whose response this view model was made from.
  public let request: ProfileRequest
  /// The user's full name.
  public let displayName: String
  /// The user's email address.
  public let email: String
  /// "1 post" or "N posts".
  public let postCount: String
  /// One cell per post, in the order the server sent them.
  public let posts: [PostCellViewModel]

  /// Creates a view model.
  public init(
    request: ProfileRequest,
    displayName: String,
    email: String,
    postCount: String,
    posts: [PostCellViewModel]
  ) {
    self.request = request
    self.displayName = displayName
    self.email = email
    self.postCount = postCount
    self.posts = posts
  }
}

/// One row of the posts list.
public struct PostCellViewModel: Sendable, Equatable, Hashable {
  /// The post's id.
  public let id: Int
  /// The post's title, unchanged.
  public let title: String
  /// The post's body cut to 80 characters, ending in "…" only when it was cut.
  public let preview: String

  /// Creates a cell view model.
  public init(id: Int, title: String, preview: String) {
    self.id = id
    self.title = title
    self.preview = preview
  }
}
