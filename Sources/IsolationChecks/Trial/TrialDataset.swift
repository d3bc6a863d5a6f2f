import MockNetwork

/// The data every trial's mock serves: five users (one per possible tap),
/// one short post each, so that decoding stays cheap next to the concurrency
/// being checked.
enum TrialDataset {
  /// Shared by every trial; a dataset never changes once made.
  static let shared = MockDataset(scale: .init(users: 5, postsPerUser: 1, bodyLength: 40))

  /// What each user's profile shows, by user id: tap `n` asks for user `n`,
  /// so a profile's content names the tap that asked for it.
  static let expectedContent: [String: ProfileContent] = Dictionary(
    uniqueKeysWithValues: shared.users.map { user in
      (String(user.id), ProfileContent(user: user, posts: shared.posts(userId: user.id)))
    })
}
