import Observation
import ScreenChecks

/// A screen of a package's own, as `bench` sees it: an `@Observable` model
/// that loads one list, and its description.
@Observable @MainActor
final class CounterModel {
  private(set) var items: [String] = []
  @ObservationIgnored private let load: @Sendable () async throws -> [String]
  @ObservationIgnored private var task: Task<Void, Never>?

  init(load: @escaping @Sendable () async throws -> [String]) { self.load = load }

  func reload() {
    task?.cancel()
    task = Task {
      guard let loaded = try? await load(), !Task.isCancelled else { return }
      items = loaded
    }
  }
}

enum CounterScreens {
  /// The counter screen, correct.
  static let counter = ScreenDescription("counter", actions: [.load { $0.reload() }]) { deps in
    CounterModel(load: deps.endpoint("items") { $0.tokens(1) })
  } snapshot: {
    ScreenSnapshot(results: $0.items)
  }

  /// A description the checker refuses: its snapshot shows results no answer handed out.
  static let untraceable = ScreenDescription("untraceable", actions: [.load { $0.reload() }]) { deps in
    CounterModel(load: deps.endpoint("items") { _ in ["forty-two"] })
  } snapshot: {
    ScreenSnapshot(results: $0.items)
  }
}
