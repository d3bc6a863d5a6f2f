import ProfileScene

/// What a displayed profile shows of its user: enough to tell whose profile
/// it is without trusting the request the interactor attached to it.
///
/// The checker grades by content: a profile is attributed to the request
/// whose user it shows, so that an interactor that labels an older user's
/// profile with the newest request cannot pass it off as the latest.
public struct ProfileContent: Sendable, Hashable, CustomStringConvertible {
  /// The user's full name, as shown.
  public var displayName: String
  /// The user's email address, as shown.
  public var email: String
  /// The ids of the posts listed, in order.
  public var postIDs: [Int]

  /// Creates a content description.
  public init(displayName: String, email: String, postIDs: [Int]) {
    self.displayName = displayName
    self.email = email
    self.postIDs = postIDs
  }

  /// What `viewModel` shows.
  public init(_ viewModel: ProfileViewModel) {
    self.init(displayName: viewModel.displayName, email: viewModel.email, postIDs: viewModel.posts.map(\.id))
  }

  /// What a profile of `user` with `posts` shows, formatted by the shipped presenter.
  public init(user: User, posts: [Post]) {
    self.init(displayName: user.name, email: user.email, postIDs: posts.map(\.id))
  }

  /// `Ada Lovelace <ada@example.com>, posts 1, 2`.
  public var description: String {
    "\(displayName) <\(email)>, posts \(postIDs.map(String.init).joined(separator: ", "))"
  }
}
