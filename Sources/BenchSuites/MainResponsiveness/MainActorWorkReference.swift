import BenchKit
import Foundation
import MockNetwork
import ProfileScene

/// What one load costs in CPU, measured alone, off the main actor: decoding
/// the posts response, and the presenter's formatting of the profile.
///
/// A placement moves the decoding on or off the main actor; the formatting
/// runs on the main actor in every placement, since the presenter is
/// `@MainActor`. These rows say how long each would hold the main actor.
enum MainActorWorkReference {
  /// How many times each cost is measured.
  static let repetitions = 9

  /// Measures the decoding and formatting of user 1's profile in `dataset`.
  /// - Parameters:
  ///   - dataset: the payload.
  ///   - parameters: the row's parameters.
  /// - Returns: a result with `decode_ns`, `format_ns` and `payload_bytes`.
  /// - Throws: if the mock's posts cannot be fetched or decoded.
  static func measure(_ dataset: MockDataset, parameters: [BenchmarkParameter]) async throws -> VariantResult {
    let transport = MockTransport(.init(dataset: dataset))
    let body = try await transport.get(URL(string: "https://jsonplaceholder.typicode.com/posts?userId=1")!).body
    let request = ProfileRequest(userId: "1", id: RequestID(1))
    var decode = SampleSet(metric: "decode_ns", reservingCapacity: repetitions)
    var format = SampleSet(metric: "format_ns", reservingCapacity: repetitions)
    let clock = ContinuousClock()
    for _ in 0..<repetitions {
      let start = clock.now
      let posts = try JSONDecoder().decode([Post].self, from: body)
      let decoded = clock.now
      blackHole(
        ProfilePresenter.viewModel(for: ProfileResponse(request: request, user: dataset.users[0], posts: posts)))
      decode.append(start.duration(to: decoded).nanoseconds)
      format.append(decoded.duration(to: clock.now).nanoseconds)
    }
    let bytes = SampleSet(metric: "payload_bytes", values: [Double(body.count)])
    let posts = dataset.scale.postsPerUser
    return VariantResult(
      name: "main-actor work per load, \(posts) posts (reference)", parameters: parameters,
      metrics: [decode, format, bytes], completedIterations: repetitions, requestedIterations: repetitions)
  }
}
