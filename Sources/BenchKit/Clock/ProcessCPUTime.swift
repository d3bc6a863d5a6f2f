#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The CPU time this process has consumed: user and system time of every
/// thread, from `clock_gettime(CLOCK_PROCESS_CPUTIME_ID)`.
///
/// Read it before and after a stretch of work: CPU time over wall time is how
/// many cores the work kept busy on average, so it tells work that ran in
/// parallel from work that waited its turn.
///
/// ```swift
/// let cpu = ProcessCPUTime.now()
/// let start = ContinuousClock.now
/// try await work()
/// let busyCores = (ProcessCPUTime.now() - cpu) / (ContinuousClock.now - start)
/// ```
public enum ProcessCPUTime {
  /// The process's CPU time so far.
  /// - Returns: user plus system time of all its threads since it started.
  public static func now() -> Duration {
    var spec = timespec()
    let status = clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    precondition(status == 0, "clock_gettime(CLOCK_PROCESS_CPUTIME_ID) failed")
    return .seconds(Int64(spec.tv_sec)) + .nanoseconds(Int64(spec.tv_nsec))
  }
}
