/// A busy main actor: a simulated UI that, once per frame of a 60 or 120 Hz
/// display, spends a fixed time of work on the main actor.
///
/// A task on the main actor sleeps until each frame's deadline (a fixed grid
/// of `period`), then spins for `work`, blocking the main actor as layout
/// and rendering would. A hop that arrives during the spin waits for it to
/// end: that wait is the queueing delay a busy UI adds. The main thread
/// itself is never blocked outside that spin; between frames it is free.
///
/// ```swift
/// let load = MainActorFrameLoad(period: .nanoseconds(16_666_667), work: .milliseconds(8), clock: .continuous)
/// load.start()
/// // … hops measured here queue behind the frames' work …
/// let report = await load.stop()
/// ```
@MainActor
public final class MainActorFrameLoad {
  /// What a load did while it ran.
  public struct Report: Sendable, Equatable {
    /// Frames whose work ran.
    public var frames: Int
    /// Frames whose deadline had already passed when the previous one ended (skipped).
    public var skippedFrames: Int
    /// The fraction of the wall time the main actor spent spinning.
    public var busyFraction: Double
    /// The mean delay from a frame's deadline to the start of its work, in nanoseconds.
    public var meanWakeLateness: Double
  }

  /// The frame period, like 16.67 ms for 60 Hz.
  public let period: Duration
  /// The main-actor work per frame.
  public let work: Duration
  /// The clock the work spins on and the stamps below read.
  public nonisolated let clock: StampClock
  /// When the current (or last) frame's work started.
  public nonisolated let workStarted = StampSlot()
  /// When the current (or last) frame's work ends (or ended).
  public nonisolated let workEnds = StampSlot()
  private var task: Task<Report, Never>?

  /// Creates a load; nothing runs until ``start()``.
  /// - Parameters:
  ///   - period: the frame period; positive.
  ///   - work: the work per frame; less than the period.
  ///   - clock: the clock of the work's spin and of ``workStarted`` and ``workEnds``.
  public init(period: Duration, work: Duration, clock: StampClock) {
    precondition(period > .zero && work >= .zero && work < period, "work must fit in a frame")
    self.period = period
    self.work = work
    self.clock = clock
  }

  /// How long a job sent at `sent` had to wait for the frame's work, if it
  /// was sent while the work ran: the rest of the work; 0 otherwise.
  ///
  /// Read after the job ran: the stamps then describe the frame it met,
  /// unless a new frame started in between (a job sent in the last few
  /// microseconds of a frame), which this counts as no wait.
  /// - Parameter sent: when the job was sent, on ``clock``.
  /// - Returns: the wait in nanoseconds.
  public nonisolated func waitForWork(sentAt sent: Int64) -> Int64 {
    let start = workStarted.load()
    let end = workEnds.load()
    return sent >= start && sent < end ? end - sent : 0
  }

  /// The period of a display refreshing `hertz` times a second.
  /// - Parameter hertz: the refresh rate, like 60 or 120.
  /// - Returns: the period, rounded to a nanosecond.
  public nonisolated static func period(hertz: Int) -> Duration {
    .nanoseconds((1_000_000_000 + Int64(hertz) / 2) / Int64(hertz))
  }

  /// Starts the frames; the first one's work starts now.
  public func start() {
    precondition(task == nil, "the load is already running")
    let period = self.period
    let work = self.work
    let stampClock = self.clock
    let workNanoseconds = Int64(work.nanoseconds)
    let workStarted = self.workStarted
    let workEnds = self.workEnds
    task = Task { @MainActor in
      let clock = ContinuousClock()
      let begin = clock.now
      var deadline = begin
      var frames = 0
      var skipped = 0
      var busy = Duration.zero
      var lateness = Duration.zero
      while !Task.isCancelled {
        let frameStart = clock.now
        lateness += deadline.duration(to: frameStart)
        let spinStart = stampClock.now()
        let spinEnd = spinStart + workNanoseconds
        workEnds.store(spinEnd)
        workStarted.store(spinStart)
        while stampClock.now() < spinEnd {}
        busy += frameStart.duration(to: clock.now)
        frames += 1
        deadline += period
        while deadline <= clock.now {
          deadline += period
          skipped += 1
        }
        do {
          try await Task.sleep(until: deadline, tolerance: .zero, clock: clock)
        } catch {
          break
        }
      }
      let elapsed = begin.duration(to: clock.now)
      return Report(
        frames: frames,
        skippedFrames: skipped,
        busyFraction: busy.nanoseconds / max(elapsed.nanoseconds, 1),
        meanWakeLateness: frames > 0 ? lateness.nanoseconds / Double(frames) : .nan
      )
    }
  }

  /// Stops the frames and waits for the last one to end.
  /// - Returns: what the load did.
  public func stop() async -> Report {
    guard let task else { preconditionFailure("the load was not started") }
    task.cancel()
    self.task = nil
    return await task.value
  }
}
