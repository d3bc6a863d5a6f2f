import Foundation

/// The two response bodies every load gets: a user and that user's posts.
///
/// The posts are `posts` posts with bodies of about 2,000 characters, as in
/// the main-responsiveness suite. The user document carries an activity log
/// of the same entries, which `User` does not decode but the JSON decoder
/// still parses, so that both halves of the guides' `async let` have
/// decoding to overlap. The bodies depend only on `posts`.
struct ScenePayload: Sendable {
  let user: Data
  let posts: Data

  init(posts count: Int, bodyLength: Int) {
    var state: UInt64 = 0x2545_F491_4F6C_DD1D
    let words = ["lorem", "ipsum", "dolor", "sit", "amet", "actor", "main", "queue", "swift", "profile", "decode"]
    func body() -> String {
      var text = ""
      while text.count < bodyLength {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        text += words[Int(state >> 33) % words.count] + " "
      }
      return text
    }
    var entries: [String] = []
    for id in 1...count {
      entries.append(#"{"id":\#(id),"userId":1,"title":"post \#(id)","body":"\#(body())"}"#)
    }
    let array = "[" + entries.joined(separator: ",") + "]"
    posts = Data(array.utf8)
    user = Data(
      #"{"id":1,"name":"Leanne Graham","email":"leanne@example.com","username":"Bret","activity":\#(array)}"#.utf8)
  }
}
