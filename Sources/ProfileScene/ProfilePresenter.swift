import Foundation

/// Formats responses into view models, on the main actor.
///
/// The guide's formatting, with two corrections: a preview ends in "…" only
/// when the body was actually cut at 80 characters (the guide appends "..."
/// to every preview), and the count reads "1 post" or "N posts".
@MainActor
public final class ProfilePresenter: ProfilePresentationLogic {
  /// The number of characters (grapheme clusters) a preview keeps.
  public nonisolated static let previewLength = 80
  /// The message shown for an error that carries no description of its own.
  public nonisolated static let genericErrorMessage = "Something went wrong. Please try again."

  /// The view that displays what this presenter formats; held weakly, as in the guide.
  public weak var viewController: (any ProfileDisplayLogic)?

  /// Creates a presenter with no view attached.
  public init() {}

  /// Formats `response` and hands it to the view.
  public func presentProfile(response: ProfileResponse) {
    viewController?.displayProfile(viewModel: Self.viewModel(for: response))
  }

  /// Turns `error` into a message and hands it to the view.
  public func presentError(error: any Error, request: ProfileRequest) {
    viewController?.displayError(message: Self.message(for: error), request: request)
  }

  /// The view model for a response: the presenter's formatting, without a view.
  /// - Parameter response: the loaded profile.
  /// - Returns: what the screen shows for it.
  public nonisolated static func viewModel(for response: ProfileResponse) -> ProfileViewModel {
    ProfileViewModel(
      request: response.request,
      displayName: response.user.name,
      email: response.user.email,
      postCount: postCountText(response.posts.count),
      posts: response.posts.map { post in
        PostCellViewModel(id: post.id, title: post.title, preview: preview(of: post.body))
      }
    )
  }

  /// A post body's preview: its first 80 characters, then "…" if it was longer.
  ///
  /// Characters are Swift `Character`s (extended grapheme clusters), so an
  /// emoji or a letter with combining marks is never split.
  /// - Parameter body: the post body.
  /// - Returns: the preview.
  public nonisolated static func preview(of body: String) -> String {
    let head = body.prefix(previewLength)
    return head.endIndex == body.endIndex ? body : head + "…"
  }

  /// "1 post", "0 posts", "12 posts".
  /// - Parameter count: the number of posts.
  /// - Returns: the count as the screen shows it.
  public nonisolated static func postCountText(_ count: Int) -> String {
    count == 1 ? "1 post" : "\(count) posts"
  }

  /// The text shown for an error: its localized description when it has
  /// one, a generic sentence otherwise.
  /// - Parameter error: what went wrong.
  /// - Returns: the message.
  public nonisolated static func message(for error: any Error) -> String {
    (error as? any LocalizedError)?.errorDescription ?? genericErrorMessage
  }
}
