/// What reading `ContinuousClock` costs and how finely it ticks on this machine.
///
/// Measured once at the start of a run and reported with the environment, so a
/// reader can tell which differences are below what the clock can see.
public struct ClockCalibration: Sendable, Equatable {
  /// The mean cost of one `ContinuousClock.now` read, in nanoseconds.
  public var readOverheadNanoseconds: Double
  /// The smallest non-zero step observed between two consecutive reads, in nanoseconds.
  public var observedResolutionNanoseconds: Double
  /// The resolution the clock declares (`minimumResolution`), in nanoseconds.
  public var declaredResolutionNanoseconds: Double

  /// Creates a calibration from known values (for tests and replays).
  /// - Parameters:
  ///   - readOverheadNanoseconds: the mean cost of one clock read.
  ///   - observedResolutionNanoseconds: the smallest non-zero step seen.
  ///   - declaredResolutionNanoseconds: the clock's declared resolution.
  public init(
    readOverheadNanoseconds: Double,
    observedResolutionNanoseconds: Double,
    declaredResolutionNanoseconds: Double
  ) {
    self.readOverheadNanoseconds = readOverheadNanoseconds
    self.observedResolutionNanoseconds = observedResolutionNanoseconds
    self.declaredResolutionNanoseconds = declaredResolutionNanoseconds
  }

  /// Measures the clock by reading it `reads` times back to back.
  ///
  /// The overhead is the total time over the number of reads; the observed
  /// resolution is the smallest non-zero difference between neighbours (zero
  /// if every neighbour read the same instant, which a real clock never does).
  ///
  /// - Parameter reads: how many reads to take; at least 2.
  /// - Returns: the calibration.
  public static func measure(reads: Int = 100_000) -> ClockCalibration {
    precondition(reads >= 2, "a calibration needs at least two reads, got \(reads)")
    let clock = ContinuousClock()
    var smallestStep = Duration.seconds(Int64.max)
    let first = clock.now
    var previous = first
    for _ in 1..<reads {
      let current = clock.now
      let step = previous.duration(to: current)
      if step > .zero && step < smallestStep {
        smallestStep = step
      }
      previous = current
    }
    let total = first.duration(to: previous)
    return ClockCalibration(
      readOverheadNanoseconds: total.nanoseconds / Double(reads - 1),
      observedResolutionNanoseconds: smallestStep == .seconds(Int64.max) ? 0 : smallestStep.nanoseconds,
      declaredResolutionNanoseconds: clock.minimumResolution.nanoseconds
    )
  }
}
