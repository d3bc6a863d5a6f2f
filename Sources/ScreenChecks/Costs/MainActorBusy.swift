import BenchBasics

/// What a main-actor heartbeat says of the main actor's busy stretches.
///
/// The cost run keeps a ``FrameTicker`` ticking every millisecond on the
/// main actor. A tick that runs more than half a period late found the
/// main actor busy: from when it was due until it ran. Main-actor work of
/// less than half a millisecond between two ticks is not seen; the same
/// run's floor (an action that does nothing) shows what the heartbeat
/// itself costs.
///
/// The main actor's jobs cannot be timed one by one: on Linux with Swift
/// 6.3 they do not pass the runtime's `swift_task_enqueueMainExecutor_hook`,
/// and the thread serving the main queue is not the process's first.
package enum MainActorBusy {
  /// The heartbeat's period.
  package static let period = Duration.milliseconds(1)

  /// The stretches the main actor was busy inside `window`, read off the
  /// heartbeat's `ticks`: each gap longer than 1.5 periods, from when its
  /// tick was due (one period after the last) until it ran, clipped to the window.
  /// - Parameters:
  ///   - ticks: when the heartbeat's ticks ran, in order.
  ///   - period: the heartbeat's period.
  ///   - window: the stretch of time of interest.
  /// - Returns: the busy stretches, in order.
  package static func stretches(
    ticks: [ContinuousClock.Instant], period: Duration, in window: ClosedRange<ContinuousClock.Instant>
  ) -> [ClosedRange<ContinuousClock.Instant>] {
    var stretches: [ClosedRange<ContinuousClock.Instant>] = []
    for (before, after) in zip(ticks, ticks.dropFirst()) where before.duration(to: after) > period * 1.5 {
      let start = max(before.advanced(by: period), window.lowerBound)
      let end = min(after, window.upperBound)
      if start < end { stretches.append(start...end) }
    }
    return stretches
  }

  /// `stretch` without the parts that fall in `intervals` (when answers
  /// were being built: the main actor waits then, and a late tick is the
  /// machine's noise).
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
