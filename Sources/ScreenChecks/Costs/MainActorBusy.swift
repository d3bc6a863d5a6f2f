import BenchBasics

/// A main-actor heartbeat: a task that wants to run every millisecond and
/// records, each time it does, when, and the CPU time the process has used.
///
/// A tick that runs more than half a period late found the main actor busy:
/// from when it was due until it ran. Main-actor work of less than half a
/// millisecond between two ticks is not seen; the same run's floor (an
/// action that does nothing) shows what the heartbeat itself costs. The
/// process's CPU time between the two ticks caps how much of the stretch
/// the main actor worked: a stretch the machine spent on other processes is
/// not the screen's work.
///
/// The cap is the process's, not the thread's: the thread that ran the
/// ticks on both sides of a stretch need not be the one that ran the work
/// between them (the main queue is not always served by one thread), and a
/// thread's CPU time read a 60 ms stretch of main-actor work as none in a
/// test run on a loaded machine.
/// The process's CPU time is never less than the work, whichever thread
/// did it; other threads of the process can only make the cap looser.
///
/// The main actor's jobs cannot be timed one by one: on Linux with Swift
/// 6.3 they do not pass the runtime's `swift_task_enqueueMainExecutor_hook`.
@MainActor
final class MainActorHeartbeat {
  /// One tick.
  struct Tick: Sendable, Equatable {
    var instant: ContinuousClock.Instant
    /// The CPU time every thread of the process had used.
    var cpu: Duration
  }

  /// The ticks so far, in order.
  private(set) var ticks: [Tick] = []
  private var loop: Task<Void, Never>?
  private var waiters: [(after: ContinuousClock.Instant, continuation: CheckedContinuation<Void, Never>)] = []

  /// Starts ticking.
  func start() {
    loop = Task {
      let clock = ContinuousClock()
      var deadline = clock.now
      record()
      while !Task.isCancelled {
        deadline = FrameTicker.nextDeadline(
          after: deadline, tickedAt: ticks[ticks.count - 1].instant, period: MainActorBusy.period)
        do {
          try await Task.sleep(until: deadline, tolerance: .zero, clock: clock)
        } catch {
          return
        }
        record()
      }
    }
  }

  /// Stops ticking; waiters resume.
  func stop() {
    loop?.cancel()
    loop = nil
    let pending = waiters
    waiters = []
    for waiter in pending { waiter.continuation.resume() }
  }

  /// Waits for the first tick after `instant`.
  func tick(after instant: ContinuousClock.Instant) async {
    if let last = ticks.last, last.instant > instant { return }
    guard loop != nil else { return }
    await withCheckedContinuation { waiters.append((instant, $0)) }
  }

  private func record() {
    let tick = Tick(instant: .now, cpu: CPUTime.process())
    ticks.append(tick)
    let ready = waiters.filter { $0.after < tick.instant }
    waiters.removeAll { $0.after < tick.instant }
    for waiter in ready { waiter.continuation.resume() }
  }
}

/// A busy stretch of the main actor: when the heartbeat could not run, and
/// how much of it the main actor's thread worked.
struct BusyStretch: Sendable, Equatable {
  var range: ClosedRange<ContinuousClock.Instant>
  var worked: Duration
}

/// What a main-actor heartbeat says of the main actor's busy stretches.
package enum MainActorBusy {
  /// The heartbeat's period.
  package static let period = Duration.milliseconds(1)

  /// The stretches the main actor was busy inside `window`, read off the
  /// heartbeat's ticks: each gap longer than 1.5 periods, from when its
  /// tick was due (one period after the last) until it ran, clipped to the
  /// window; it worked the whole stretch, or no more than the CPU time the
  /// process used in between.
  static func stretches(
    ticks: [MainActorHeartbeat.Tick], period: Duration, in window: ClosedRange<ContinuousClock.Instant>
  )
    -> [BusyStretch]
  {
    var stretches: [BusyStretch] = []
    for (before, after) in zip(ticks, ticks.dropFirst()) where before.instant.duration(to: after.instant) > period * 1.5
    {
      let start = max(before.instant.advanced(by: period), window.lowerBound)
      let end = min(after.instant, window.upperBound)
      guard start < end else { continue }
      let worked = min(start.duration(to: end), max(.zero, after.cpu - before.cpu))
      stretches.append(BusyStretch(range: start...end, worked: worked))
    }
    return stretches
  }

  /// `stretch` without the parts that fall in `intervals` (when answers
  /// were being built: the main actor waits then, and a late tick is the
  /// machine's noise); each part keeps no more of the work than its length.
  static func removing(_ intervals: [ClosedRange<ContinuousClock.Instant>], from stretch: BusyStretch) -> [BusyStretch]
  {
    removing(intervals, from: stretch.range).map {
      BusyStretch(range: $0, worked: min(stretch.worked, $0.lowerBound.duration(to: $0.upperBound)))
    }
  }

  /// `stretch` without the parts that fall in `intervals`.
  /// - Parameters:
  ///   - intervals: stretches to leave out, in any order.
  ///   - stretch: a busy stretch.
  /// - Returns: what is left of it, in order.
  package static func removing(
    _ intervals: [ClosedRange<ContinuousClock.Instant>], from stretch: ClosedRange<ContinuousClock.Instant>
  ) -> [ClosedRange<ContinuousClock.Instant>] {
    var left = [stretch]
    for cut in intervals {
      left = left.flatMap { piece -> [ClosedRange<ContinuousClock.Instant>] in
        guard cut.lowerBound < piece.upperBound, cut.upperBound > piece.lowerBound else { return [piece] }
        var parts: [ClosedRange<ContinuousClock.Instant>] = []
        if piece.lowerBound < cut.lowerBound { parts.append(piece.lowerBound...cut.lowerBound) }
        if cut.upperBound < piece.upperBound { parts.append(cut.upperBound...piece.upperBound) }
        return parts
      }
    }
    return left
  }

  /// The frames a display refreshing every `period` misses while the main
  /// actor is busy through `stretches`: a frame ticker on the display's
  /// grid from the window's start runs at each deadline, or at the end of
  /// the stretch holding it, and its gaps are judged by ``FrameGaps``.
  /// - Parameters:
  ///   - stretches: the busy stretches, in order.
  ///   - window: when the action ran.
  ///   - period: the display's frame period.
  /// - Returns: the frames missed.
  package static func missedFrames(
    stretches: [ClosedRange<ContinuousClock.Instant>], in window: ClosedRange<ContinuousClock.Instant>,
    period: Duration
  ) -> Int {
    var ticks = [window.lowerBound]
    var deadline = window.lowerBound
    var remaining = stretches[...]
    while true {
      deadline = FrameTicker.nextDeadline(after: deadline, tickedAt: ticks[ticks.count - 1], period: period)
      while let first = remaining.first, first.upperBound < deadline { remaining = remaining.dropFirst() }
      var tick = deadline
      if let first = remaining.first, first.contains(deadline) { tick = first.upperBound }
      ticks.append(tick)
      if tick >= window.upperBound { break }
    }
    return FrameGaps(ticks: ticks, overlapping: window, period: period).droppedFrames
  }
}
