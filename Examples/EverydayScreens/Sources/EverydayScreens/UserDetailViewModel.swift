import Observation

/// A user's detail screen: the list selects a user, and "Try again" is
/// shown while an error is.
///
/// ```swift
/// UserView(model.user)
///   .overlay { if model.isLoading { ProgressView() } }
/// if let message = model.errorMessage {
///   Text(message)
///   Button("Try again") { model.retry() }
/// }
/// ```
///
/// Every load, the retry's too, goes through one task the next load
/// cancels, and checks on the main actor that it was not cancelled before
/// it shows anything.
@Observable @MainActor
public final class UserDetailViewModel {
  /// The user the list selected.
  public private(set) var userID = ""
  /// The user on screen.
  public private(set) var user: User?
  /// Whether a load runs.
  public private(set) var isLoading = false
  /// What went wrong with the last load, if it failed.
  public private(set) var errorMessage: String?

  @ObservationIgnored private let client: UserClient
  @ObservationIgnored private var loading: Task<Void, Never>?

  /// Creates the view model.
  public init(client: UserClient) {
    self.client = client
  }

  /// The list selected the user with id `id`.
  public func select(_ id: String) {
    userID = id
    load()
  }

  /// "Try again": loads the selected user again.
  public func retry() {
    load()
  }

  private func load() {
    loading?.cancel()
    let id = userID
    isLoading = true
    errorMessage = nil
    loading = Task {
      do {
        let user = try await client.user(id)
        guard !Task.isCancelled else { return }
        self.user = user
      } catch {
        guard !Task.isCancelled else { return }
        user = nil
        errorMessage = "Couldn't load this user."
      }
      isLoading = false
    }
  }
}
