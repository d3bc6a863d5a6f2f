/// What the view controller asks of an interactor: load a profile.
///
/// Both interactors in this package conform, and so can one written
/// elsewhere: hand a factory for it to ``SceneAssembly/assemble(worker:policy:makeInteractor:)``
/// and every suite and checker will run against it.
///
/// `Sendable` because the view controller calls it from a `Task` on the main
/// actor while the interactor lives on its own actor.
public protocol ProfileBusinessLogic: AnyObject, Sendable {
  /// Loads the profile `request` asks for and hands the result to the presenter.
  ///
  /// - Parameter request: the tap's request.
  /// - Note: whether this returns before or after the presentation is the
  ///   conforming type's contract; ``ProfileInteractor`` returns after,
  ///   ``GuideProfileInteractor`` (the guide's) returns before.
  func fetchProfile(request: ProfileRequest) async
}

/// What an interactor asks of a presenter, on the main actor.
///
/// Isolated at the protocol level, as the guides recommend, so that an actor
/// calling it hops to the main actor with a plain `await`. It refines
/// `Sendable` because Swift 6.3 refuses to send a non-`Sendable` existential
/// from the interactor's actor to the main actor ("sending value of
/// non-Sendable type 'any ProfilePresentationLogic'").
@MainActor
public protocol ProfilePresentationLogic: AnyObject, Sendable {
  /// Formats a loaded profile and shows it.
  /// - Parameter response: the loaded profile and the request it answers.
  func presentProfile(response: ProfileResponse)

  /// Shows why a profile could not be loaded.
  ///
  /// The guide's method takes only the error; this one also takes the request
  /// the error belongs to, so that an error, like a profile, can be traced
  /// from the tap to the display.
  /// - Parameters:
  ///   - error: what went wrong.
  ///   - request: the request that failed.
  func presentError(error: any Error, request: ProfileRequest)
}

/// What a presenter asks of a view, on the main actor.
@MainActor
public protocol ProfileDisplayLogic: AnyObject {
  /// Shows a profile.
  /// - Parameter viewModel: the formatted profile and the request it answers.
  func displayProfile(viewModel: ProfileViewModel)

  /// Shows an error message.
  /// - Parameters:
  ///   - message: the text to show.
  ///   - request: the request that failed.
  func displayError(message: String, request: ProfileRequest)
}

/// Navigation out of the profile screen, on the main actor.
@MainActor
public protocol ProfileRoutingLogic: AnyObject {
  /// Opens the detail screen of a post.
  /// - Parameter post: the post's cell, as shown in the list.
  func routeToPostDetail(post: PostCellViewModel)
}
