/// The gaps between consecutive frames of a window, and the frames they
/// dropped by one documented rule.
///
/// A display shows a frame every `period` (16.67 ms at 60 Hz, 8.33 ms at
/// 120 Hz). A gap of one period is a smooth frame. A gap is a **drop** when
/// it exceeds 1.5 periods: the point where it is closer to two periods than
/// to one, so at least one refresh showed the previous frame again. A drop
/// counts the refreshes it missed, the gap in periods rounded to the nearest
/// whole number, minus one: 1.6 periods drop 1 frame, 2.4 drop 1, 2.6 drop 2.
public struct FrameGaps: Sendable, Equatable {
  /// A gap longer than this many periods drops frames.
  public static let dropThreshold = 1.5

  /// The frame period the gaps are judged against.
  public var period: Duration
  /// The gaps, in the order they happened.
  public var gaps: [Duration]

  /// Gaps given directly.
  /// - Parameters:
  ///   - gaps: the gaps between consecutive frames.
  ///   - period: the frame period.
  public init(gaps: [Duration], period: Duration) {
    precondition(period > .zero, "a frame period must be positive, got \(period)")
    self.gaps = gaps
    self.period = period
  }

  /// The gaps between consecutive `ticks` that overlap `window`: every gap
  /// that ends after the window starts and starts before it ends.
  ///
  /// A stall that begins inside the window and ends after it counts, so a
  /// window that ends with the main actor busy does not hide the stall.
  /// - Parameters:
  ///   - ticks: the instants frames ran, in increasing order.
  ///   - window: the stretch of time of interest, such as a load.
  ///   - period: the frame period.
  public init(
    ticks: [ContinuousClock.Instant], overlapping window: ClosedRange<ContinuousClock.Instant>, period: Duration
  ) {
    var gaps: [Duration] = []
    for index in ticks.indices.dropFirst()
    where ticks[index] > window.lowerBound && ticks[index - 1] < window.upperBound {
      gaps.append(ticks[index - 1].duration(to: ticks[index]))
    }
    self.init(gaps: gaps, period: period)
  }

  /// The frames one gap dropped: 0 up to 1.5 periods, then the gap in
  /// periods, rounded, minus one.
  /// - Parameters:
  ///   - gap: the time between two consecutive frames.
  ///   - period: the frame period.
  /// - Returns: the refreshes that showed no new frame.
  public static func droppedFrames(gap: Duration, period: Duration) -> Int {
    let periods = gap / period
    guard periods > dropThreshold else { return 0 }
    return Int(periods.rounded(.toNearestOrAwayFromZero)) - 1
  }

  /// Frames dropped by all the gaps.
  public var droppedFrames: Int {
    gaps.reduce(0) { $0 + Self.droppedFrames(gap: $1, period: period) }
  }

  /// How many gaps dropped at least one frame.
  public var drops: Int {
    gaps.filter { Self.droppedFrames(gap: $0, period: period) > 0 }.count
  }

  /// The longest gap, or zero without gaps.
  public var longest: Duration {
    gaps.max() ?? .zero
  }
}
