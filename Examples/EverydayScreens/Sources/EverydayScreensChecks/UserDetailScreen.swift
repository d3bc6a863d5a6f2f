import EverydayScreens
import ScreenChecks

// description: begin
/// The user's detail, as the checker sees it: the list selects a user (the
/// checker types its id), and "Try again" is offered only while an error shows.
public let userDetailScreen = ScreenDescription(
  "user-detail", contract: .latestWins + .loadingState,
  actions: [.type { $0.select($1) }, .retry { $0.retry() }.when { $0.errorMessage != nil }]
) { deps in
  UserDetailViewModel(
    client: UserClient(user: deps.endpoint("user") { id, answer in User(id: id, name: answer.token(1)) }))
} snapshot: { model in
  ScreenSnapshot(results: model.user.map { [$0.name] } ?? [], isLoading: model.isLoading, error: model.errorMessage)
}
// description: end

/// The same description, of the flawed view model.
public let flawedUserDetailScreen = ScreenDescription(
  "flawed-user-detail", contract: .latestWins + .loadingState,
  actions: [.type { $0.select($1) }, .retry { $0.retry() }.when { $0.errorMessage != nil }]
) { deps in
  FlawedUserDetailViewModel(
    client: UserClient(user: deps.endpoint("user") { id, answer in User(id: id, name: answer.token(1)) }))
} snapshot: { model in
  ScreenSnapshot(results: model.user.map { [$0.name] } ?? [], isLoading: model.isLoading, error: model.errorMessage)
}
