import MockNetwork

/// The data every trial's mock serves: five users (one per possible tap),
/// one short post each, so that decoding stays cheap next to the concurrency
/// being checked.
enum TrialDataset {
  /// Shared by every trial; a dataset never changes once made.
  static let shared = MockDataset(scale: .init(users: 5, postsPerUser: 1, bodyLength: 40))
}
