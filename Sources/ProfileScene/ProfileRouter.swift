/// Navigation from the profile screen, headless: a stack of destinations
/// stands in for the guide's `UINavigationController`.
@MainActor
public final class ProfileRouter: ProfileRoutingLogic {
  /// A screen the router can show.
  public enum Destination: Sendable, Equatable {
    /// The detail screen of one post.
    case postDetail(PostCellViewModel)
  }

  /// The screens pushed on top of the profile, bottom first.
  public private(set) var navigationStack: [Destination] = []

  /// Creates a router with nothing pushed.
  public init() {}

  /// Pushes the detail screen of `post`.
  public func routeToPostDetail(post: PostCellViewModel) {
    navigationStack.append(.postDetail(post))
  }

  /// Pops the top screen, if any.
  public func pop() {
    _ = navigationStack.popLast()
  }
}
