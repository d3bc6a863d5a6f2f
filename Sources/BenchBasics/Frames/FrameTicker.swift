/// A display's frame loop on the main actor: a task that wants to run once
/// per frame and records when it actually did.
///
/// Each tick sleeps until the next deadline of a fixed grid, `period` apart,
/// with zero tolerance, and records the instant it resumed. When something
/// else holds the main actor at a deadline, the tick runs late and the gap
/// between two ticks grows: that gap is the stutter a user would see. After a
/// late tick the next deadline is the first grid point after it, as a
/// display's next refresh would be. Read the gaps with ``FrameGaps``.
///
/// The ticker never blocks the main thread: between ticks it is suspended,
/// and waiting for a tick (``tick(after:)``) suspends too.
///
/// ```swift
/// let ticker = FrameTicker(period: FrameTicker.period(hertz: 60))
/// ticker.start()
/// let start = await ticker.tick(after: .now)
/// // … work whose effect on the frames is wanted …
/// let end = ContinuousClock.now
/// _ = await ticker.tick(after: end)
/// ticker.stop()
/// let gaps = FrameGaps(ticks: ticker.ticks, overlapping: start...end, period: ticker.period)
/// ```
///
/// - Important: every member is isolated to the main actor.
@MainActor
public final class FrameTicker {
  /// The frame period: 16.67 ms for 60 Hz.
  public let period: Duration
  /// The instants the ticks ran, in order; the first is when the loop began, just after ``start()``.
  public private(set) var ticks: [ContinuousClock.Instant] = []

  private var loop: Task<Void, Never>?
  private var waiters: [Waiter] = []

  private struct Waiter {
    var after: ContinuousClock.Instant
    var continuation: CheckedContinuation<ContinuousClock.Instant, Never>
  }

  /// Creates a ticker; nothing runs until ``start()``.
  /// - Parameter period: the frame period; positive.
  public init(period: Duration) {
    precondition(period > .zero, "a frame period must be positive, got \(period)")
    self.period = period
  }

  /// The frame period of a display refreshing `hertz` times a second.
  /// - Parameter hertz: the refresh rate, like 60 or 120.
  /// - Returns: the period, rounded to a nanosecond.
  public nonisolated static func period(hertz: Int) -> Duration {
    precondition(hertz > 0, "a refresh rate must be positive, got \(hertz)")
    return .nanoseconds((1_000_000_000 + Int64(hertz) / 2) / Int64(hertz))
  }

  /// The deadline after `deadline` for a tick that ran at `tick`: one period
  /// on, skipping every grid point that had already passed.
  /// - Parameters:
  ///   - deadline: the deadline the last tick slept until.
  ///   - tick: when the last tick ran.
  ///   - period: the frame period.
  /// - Returns: the first grid point after `tick`.
  public nonisolated static func nextDeadline(
    after deadline: ContinuousClock.Instant, tickedAt tick: ContinuousClock.Instant, period: Duration
  ) -> ContinuousClock.Instant {
    var next = deadline.advanced(by: period)
    while next <= tick { next = next.advanced(by: period) }
    return next
  }

  /// Starts ticking; the first tick runs as soon as the main actor is free.
  public func start() {
    precondition(loop == nil, "the ticker is already running")
    loop = Task { await self.run() }
  }

  /// Stops ticking. Callers waiting in ``tick(after:)`` resume with the last tick.
  public func stop() {
    loop?.cancel()
    loop = nil
    let last = ticks.last ?? .now
    let pending = waiters
    waiters = []
    for waiter in pending { waiter.continuation.resume(returning: last) }
  }

  /// Waits for the first tick after `instant`.
  /// - Parameter instant: the tick must run after this.
  /// - Returns: when that tick ran; the last tick if the ticker stops first.
  public func tick(after instant: ContinuousClock.Instant) async -> ContinuousClock.Instant {
    if let tick = ticks.first(where: { $0 > instant }) { return tick }
    guard loop != nil else { return ticks.last ?? .now }
    return await withCheckedContinuation { continuation in
      waiters.append(Waiter(after: instant, continuation: continuation))
    }
  }

  private func run() async {
    let clock = ContinuousClock()
    var deadline = clock.now
    record(deadline)
    while !Task.isCancelled {
      deadline = Self.nextDeadline(after: deadline, tickedAt: ticks[ticks.count - 1], period: period)
      do {
        try await Task.sleep(until: deadline, tolerance: .zero, clock: clock)
      } catch {
        return
      }
      record(clock.now)
    }
  }

  private func record(_ tick: ContinuousClock.Instant) {
    ticks.append(tick)
    guard !waiters.isEmpty else { return }
    let ready = waiters.filter { $0.after < tick }
    waiters.removeAll { $0.after < tick }
    for waiter in ready { waiter.continuation.resume(returning: tick) }
  }
}
