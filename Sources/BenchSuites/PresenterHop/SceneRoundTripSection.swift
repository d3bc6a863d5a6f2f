import BenchKit
import MockNetwork
import ProfileScene

/// The `scene` rows of `presenter-hop`: for each registered interactor, the
/// round trip a user sees with an instant network, from the tap on the main
/// actor, through the interactor, the worker and the presenter, back to the
/// view on the main actor.
///
/// With no latency, what is left is the interactor's own hops and
/// bookkeeping, the decoding of 10 posts and the presenter's formatting: the
/// hop cost of *that* interactor, measured beside the floor and the guide's
/// bare hop of the same run. The rows' `mechanism` is the interactor's name.
struct SceneRoundTripSection {
  let variants: [BenchmarkVariant]

  /// Wires one scene per interactor of `scenes`, over a mock that answers at once.
  @MainActor
  init(scenes: SceneRegistry, seeds: inout SeededGenerator) {
    let dataset = MockDataset(scale: .init(users: 10, postsPerUser: PresenterHopCoreSection.defaultPosts))
    variants = scenes.interactors.map { interactor in
      let probe = SceneLoadProbe(interactor, latency: .zero, dataset: dataset, seed: seeds.next())
      return BenchmarkVariant(
        name: Self.title(interactor.name),
        parameters: HopParameters(
          section: "scene", mechanism: interactor.name, posts: PresenterHopCoreSection.defaultPosts
        ).list,
        metrics: ["round_trip_ns"]
      ) {
        try await settle()
        return [try await probe.load().elapsed]
      }
    }
  }

  /// `tap to display through corrected, instant network, 10 posts`.
  static func title(_ interactor: String) -> String {
    "tap to display through \(interactor), instant network, \(PresenterHopCoreSection.defaultPosts) posts"
  }
}
