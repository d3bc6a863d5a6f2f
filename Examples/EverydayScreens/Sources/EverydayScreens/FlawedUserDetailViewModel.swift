import Observation

/// ``UserDetailViewModel`` with a flaw: "Try again" starts a task of its own
/// that nobody keeps, so selecting another user while the retry runs does
/// not cancel it, and the retried user, answering late, replaces the one
/// selected after it.
@Observable @MainActor
public final class FlawedUserDetailViewModel {
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
    loading?.cancel()
    loading = start(id)
  }

  /// "Try again": loads the selected user again — in a task nobody keeps.
  public func retry() {
    _ = start(userID)
  }

  private func start(_ id: String) -> Task<Void, Never> {
    isLoading = true
    errorMessage = nil
    return Task {
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
