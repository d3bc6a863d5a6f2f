import BenchKit
import MockNetwork
import ProfileScene

/// The `scene-load` rows of `parallel-fetch`: one profile load (user and
/// posts) through each registered interactor, from the tap to the display,
/// next to its ideal, the slower of its two requests.
///
/// An interactor that fetches the two parts at once ends near its ideal;
/// one that fetches them one after the other takes about one more request.
/// The rows use the suite's columns: `scenario` is `scene-load`, `strategy`
/// the interactor's name.
struct SceneLoadSection {
  /// The variants, one per interactor.
  let variants: [BenchmarkVariant]
  /// The latency of each request.
  let latency: Duration

  /// Wires one scene per interactor of `scenes`.
  @MainActor
  init(scenes: SceneRegistry, latency: Duration, dataset: MockDataset, seeds: inout SeededGenerator) {
    self.latency = latency
    var variants: [BenchmarkVariant] = []
    for interactor in scenes.interactors {
      let probe = SceneLoadProbe(interactor, latency: latency, dataset: dataset, seed: seeds.next())
      variants.append(
        BenchmarkVariant(
          name: Self.title(interactor.name, latency: latency),
          parameters: [
            .init("scenario", "scene-load"), .init("strategy", interactor.name), .init("routes", "2"),
            .init("latency_ms", CellFormat.number(latency.nanoseconds / 1e6)), .init("distribution", "fixed"),
            .init("transport", "mock"),
          ],
          metrics: ["elapsed_ns", "ideal_ns", "overhead_ns"]
        ) {
          let sample = try await probe.load()
          return [sample.elapsed, sample.ideal, sample.elapsed - sample.ideal]
        })
    }
    self.variants = variants
  }

  /// `scene load, user + posts, 5 ms, through corrected`.
  static func title(_ interactor: String, latency: Duration) -> String {
    "scene load, user + posts, \(latency.parseableDescription), through \(interactor)"
  }
}
