import BenchKit
import Foundation
import ProfileScene

/// The users and posts the mock serves, generated in code with
/// jsonplaceholder's shape: users with nested `address`, `geo` and `company`
/// objects, posts with multi-line bodies.
///
/// The data depends only on the scale, never on a run's seed, so every run of
/// every suite decodes the same bytes. Bodies are encoded once, here, so that
/// encoding never runs inside a measured request.
public struct MockDataset: Sendable {
  /// The size knobs, for decode-cost sweeps.
  public struct Scale: Sendable, Equatable, CustomStringConvertible {
    /// How many users exist (ids 1…`users`).
    public var users: Int
    /// How many posts each user has.
    public var postsPerUser: Int
    /// The mean length of a post body in characters; bodies vary by ±30%.
    public var bodyLength: Int

    /// jsonplaceholder's size: 10 users, 10 posts each, bodies of about 180 characters.
    public static let jsonplaceholder = Scale(users: 10, postsPerUser: 10, bodyLength: 180)

    /// Creates a scale.
    public init(users: Int = 10, postsPerUser: Int = 10, bodyLength: Int = 180) {
      self.users = max(users, 0)
      self.postsPerUser = max(postsPerUser, 0)
      self.bodyLength = max(bodyLength, 1)
    }

    /// `10 users × 10 posts × 180 chars`.
    public var description: String { "\(users) users × \(postsPerUser) posts × \(bodyLength) chars" }
  }

  /// The scale this dataset was generated at.
  public let scale: Scale
  /// Every user, in id order.
  public let users: [User]
  /// Every post, grouped by user: `postsByUser[id - 1]` are user `id`'s posts.
  public let postsByUser: [[Post]]

  private let userBodies: [Data]
  private let postsBodies: [Data]

  /// Generates a dataset.
  /// - Parameter scale: its size; jsonplaceholder's by default.
  public init(scale: Scale = .jsonplaceholder) {
    var generator = SeededGenerator(seed: 0x1501_A710_BE7C)
    var records: [UserRecord] = []
    var posts: [[Post]] = []
    var nextPostID = 1
    for id in stride(from: 1, through: scale.users, by: 1) {
      records.append(UserRecord.generate(id: id, using: &generator))
      var userPosts: [Post] = []
      for _ in 0..<scale.postsPerUser {
        userPosts.append(
          Post(
            id: nextPostID,
            userId: id,
            title: Lorem.sentence(words: 3...10, using: &generator),
            body: Lorem.body(length: scale.bodyLength, using: &generator)
          ))
        nextPostID += 1
      }
      posts.append(userPosts)
    }
    let encoder = JSONEncoder()
    self.scale = scale
    self.users = records.map(\.user)
    self.postsByUser = posts
    self.userBodies = records.map { try! encoder.encode($0) }
    self.postsBodies = posts.map { try! encoder.encode($0) }
  }

  /// The user with `id`, if there is one.
  public func user(id: Int) -> User? {
    users.indices.contains(id - 1) ? users[id - 1] : nil
  }

  /// The posts of user `id`; empty for an unknown user, as jsonplaceholder answers.
  public func posts(userId id: Int) -> [Post] {
    postsByUser.indices.contains(id - 1) ? postsByUser[id - 1] : []
  }

  /// The answer the real API gives for `route` and `userID`: the encoded
  /// user or posts, `404 {}` for an unknown user or path, `200 []` for the
  /// posts of an unknown user.
  package func response(route: MockRoute, userID: Int?) -> TransportResponse {
    switch route {
    case .user:
      guard let userID, userBodies.indices.contains(userID - 1) else { return Self.notFound }
      return TransportResponse(statusCode: 200, body: userBodies[userID - 1])
    case .posts:
      guard let userID, postsBodies.indices.contains(userID - 1) else {
        return TransportResponse(statusCode: 200, body: Data("[]".utf8))
      }
      return TransportResponse(statusCode: 200, body: postsBodies[userID - 1])
    case .other:
      return Self.notFound
    }
  }

  private static let notFound = TransportResponse(statusCode: 404, body: Data("{}".utf8))
}

/// A user as jsonplaceholder encodes it, nested objects included.
private struct UserRecord: Encodable {
  struct Address: Encodable {
    struct Geo: Encodable {
      var lat: String
      var lng: String
    }
    var street: String
    var suite: String
    var city: String
    var zipcode: String
    var geo: Geo
  }
  struct Company: Encodable {
    var name: String
    var catchPhrase: String
    var bs: String
  }

  var id: Int
  var name: String
  var username: String
  var email: String
  var address: Address
  var phone: String
  var website: String
  var company: Company

  var user: User { User(id: id, name: name, email: email, username: username) }

  static func generate(id: Int, using generator: inout SeededGenerator) -> UserRecord {
    let first = Lorem.firstNames.randomElement(using: &generator)!
    let last = Lorem.lastNames.randomElement(using: &generator)!
    let domain =
      Lorem.words.randomElement(using: &generator)! + [".biz", ".org", ".io", ".net"].randomElement(
        using: &generator)!
    func number(_ digits: Int) -> String {
      (0..<digits).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
    }
    return UserRecord(
      id: id,
      name: "\(first) \(last)",
      username: "\(first.prefix(1))\(last)\(id)",
      email: "\(first).\(last)@\(domain)",
      address: Address(
        street: Lorem.sentence(words: 2...2, using: &generator).capitalized + " Street",
        suite: "Apt. \(number(3))",
        city: Lorem.words.randomElement(using: &generator)!.capitalized + "ville",
        zipcode: "\(number(5))-\(number(4))",
        geo: Address.Geo(
          lat: String(format: "%.4f", Double.random(in: -90...90, using: &generator)),
          lng: String(format: "%.4f", Double.random(in: -180...180, using: &generator)))
      ),
      phone: "1-\(number(3))-\(number(3))-\(number(4)) x\(number(5))",
      website: domain,
      company: Company(
        name: "\(last)-\(Lorem.lastNames.randomElement(using: &generator)!)",
        catchPhrase: Lorem.sentence(words: 3...5, using: &generator),
        bs: Lorem.sentence(words: 3...4, using: &generator))
    )
  }
}

/// Latin-looking filler text, like jsonplaceholder's.
enum Lorem {
  static let words = """
    quia et suscipit recusandae consequuntur expedita cum reprehenderit molestiae ut quas totam \
    nostrum rerum est autem sunt rem eveniet architecto qui esse tempore vitae sequi sint nihil \
    reprehenderit dolor beatae ea dolores neque fugiat blanditiis voluptate porro vel nihil \
    molestiae voluptas aperiam odit accusamus enim minima facilis repellat provident occaecati \
    excepturi optio magnam dolorem ipsam corporis illum doloribus laboriosam voluptatem
    """.split(separator: " ").map(String.init)
  static let firstNames = [
    "Leanne", "Ervin", "Clementine", "Patricia", "Chelsey", "Dennis", "Kurtis", "Nicholas", "Glenna",
    "Clementina",
  ]
  static let lastNames = [
    "Graham", "Howell", "Bauch", "Lebsack", "Dietrich", "Schulist", "Weissnat", "Runolfsdottir",
    "Reichert", "DuBuque",
  ]

  static func sentence(words range: ClosedRange<Int>, using generator: inout SeededGenerator) -> String {
    let count = Int.random(in: range, using: &generator)
    return (0..<count).map { _ in words.randomElement(using: &generator)! }.joined(separator: " ")
  }

  /// Lines of about 45 characters joined by newlines, about `length` characters in all (±30%).
  static func body(length: Int, using generator: inout SeededGenerator) -> String {
    let target = max(1, Int(Double(length) * Double.random(in: 0.7...1.3, using: &generator)))
    var lines: [String] = []
    var line = ""
    var total = 0
    while total < target {
      let word = words.randomElement(using: &generator)!
      if line.count + word.count + 1 > 45, !line.isEmpty {
        lines.append(line)
        total += 1
        line = ""
      }
      line += line.isEmpty ? word : " " + word
      total += word.count + 1
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }
}
