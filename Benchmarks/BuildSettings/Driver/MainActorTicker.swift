import BenchKit

/// A loop on the main actor that wants to run every `period` and records when it did.
///
/// Each tick sleeps until the next point of a fixed grid with zero
/// tolerance; after a late tick the next deadline is the first grid point
/// after it, as a display's next refresh would be. A gap between two ticks
/// longer than the period is time the main actor was held by something else.
@MainActor
final class MainActorTicker {
  let period: Duration
  private(set) var ticks: [ContinuousClock.Instant] = []
  private var loop: Task<Void, Never>?

  init(period: Duration) {
    self.period = period
  }

  func start() {
    loop = Task {
      var deadline = ContinuousClock.now
      while !Task.isCancelled {
        let tick = ContinuousClock.now
        ticks.append(tick)
        repeat { deadline = deadline.advanced(by: period) } while deadline <= tick
        try? await Task.sleep(until: deadline, tolerance: .zero, clock: .continuous)
      }
    }
  }

  func stop() {
    loop?.cancel()
    loop = nil
  }

  /// The gaps between consecutive ticks that overlap `window`, in nanoseconds:
  /// every gap that ends after the window starts and starts before it ends.
  func gaps(overlapping window: ClosedRange<ContinuousClock.Instant>) -> [Double] {
    ticks.indices.dropFirst()
      .filter { ticks[$0] > window.lowerBound && ticks[$0 - 1] < window.upperBound }
      .map { ticks[$0 - 1].duration(to: ticks[$0]).nanoseconds }
  }
}
