import MockNetwork

/// The data every trial's mock serves: five users (one per possible tap),
/// one short post each, so that decoding stays cheap next to the concurrency
/// being checked.
///
/// Each checker makes one and shares it between its trials (a dataset never
/// changes once made). It is not a global: a `Data` kept in a global until
/// exit is reported by LeakSanitizer, which cannot see the enum tag Swift
/// stores in the top bits of `Data`'s storage pointer, so it takes the
/// storage for unreachable (see scripts/lsan-suppressions.txt).
enum TrialDataset {
  /// A fresh dataset for one checker's trials.
  static func make() -> MockDataset {
    MockDataset(scale: .init(users: 5, postsPerUser: 1, bodyLength: 40))
  }

  /// What each user's profile in `dataset` shows, by user id: tap `n` asks
  /// for user `n`, so a profile's content names the tap that asked for it.
  static func expectedContent(of dataset: MockDataset) -> [String: ProfileContent] {
    Dictionary(
      uniqueKeysWithValues: dataset.users.map { user in
        (String(user.id), ProfileContent(user: user, posts: dataset.posts(userId: user.id)))
      })
  }
}
