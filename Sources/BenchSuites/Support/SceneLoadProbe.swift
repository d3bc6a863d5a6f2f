import BenchKit
import MockNetwork
import ProfileScene

/// One profile load through a registered interactor, as the user sees it:
/// from the tap on refresh to the profile on screen.
///
/// The scene is the package's own (view controller, presenter, router and a
/// ``ProfileWorker`` over a ``MockTransport``) around the registered
/// interactor, behind the latest-request-only view; only the interactor
/// varies. Each ``load()`` taps once and waits, with a bound, for the
/// display, so an interactor that never presents fails the measurement with
/// its name instead of hanging the run.
///
/// - Important: every member is isolated to the main actor, where the view lives.
@MainActor
final class SceneLoadProbe {
  /// How long a load may take, by default, before the probe gives up on the interactor.
  static let defaultBound = Duration.seconds(10)

  /// One load's figures, in nanoseconds.
  struct Sample {
    /// From the tap to the display.
    var elapsed: Double
    /// The earliest the profile could be on screen: the slower of the load's
    /// requests, which an interactor that fetches in parallel waits for and
    /// one that fetches in sequence waits for after the other.
    var ideal: Double
  }

  let interactor: RegisteredInteractor
  /// How long a load may take before the probe gives up on the interactor.
  let bound: Duration
  private let transport: MockTransport
  private let scene: AssembledScene
  private var taps = 0

  /// Wires the interactor into a scene over a mock with fixed `latency` per request.
  init(
    _ interactor: RegisteredInteractor, latency: Duration, dataset: MockDataset, seed: UInt64,
    bound: Duration = SceneLoadProbe.defaultBound
  ) {
    self.interactor = interactor
    self.bound = bound
    let behavior = RouteBehavior(latency: .fixed(latency))
    transport = MockTransport(.init(dataset: dataset, user: behavior, posts: behavior, seed: seed))
    scene = SceneAssembly.assemble(
      worker: ProfileWorker(transport: transport), policy: .latestRequestOnly,
      makeInteractor: interactor.makeInteractor)
  }

  /// Taps refresh and waits for what the user sees.
  /// - Returns: the load's figures.
  /// - Throws: ``SceneLoadError`` when the interactor shows an error, or nothing within ``bound``.
  func load() async throws -> Sample {
    taps += 1
    let userId = String((taps - 1) % 10 + 1)
    let shown = OneShotSignal()
    let viewController = scene.viewController
    let before = transport.requestCount
    viewController.onEvent = { event in
      if event.isDisplay { shown.fire() }
    }
    defer { viewController.onEvent = nil }
    let clock = ContinuousClock()
    let start = clock.now
    _ = viewController.refresh(userId: userId)
    guard await shown.wait(timeout: bound) else {
      throw SceneLoadError.nothingShown(interactor: interactor.name, bound: bound)
    }
    let elapsed = start.duration(to: clock.now).nanoseconds
    if let message = viewController.errorMessage {
      throw SceneLoadError.errorShown(interactor: interactor.name, message: message)
    }
    let latencies = transport.records(after: before).map { ($0.achievedLatency ?? .zero).nanoseconds }
    return Sample(elapsed: elapsed, ideal: latencies.max() ?? 0)
  }
}
