import MockNetwork
import ProfileScene

/// The responses the hop is measured with: one user with 10, 100 or 1,000
/// posts from ``MockDataset``, so the presenter formats realistic bodies.
public enum HopPayload {
  /// The post counts of the payload sweep.
  public static let postCounts = [10, 100, 1_000]

  /// A response for user 1 with `posts` posts of about 180 characters.
  /// - Parameter posts: how many posts the response carries.
  /// - Returns: the response, for request `#1(user 1)`.
  public static func response(posts: Int) -> ProfileResponse {
    let dataset = MockDataset(scale: MockDataset.Scale(users: 1, postsPerUser: posts))
    return ProfileResponse(
      request: ProfileRequest(userId: "1", id: RequestID(1)),
      user: dataset.users[0],
      posts: dataset.posts(userId: 1)
    )
  }
}
