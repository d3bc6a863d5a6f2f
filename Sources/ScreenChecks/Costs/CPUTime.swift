#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// The CPU time threads and the process have used: what tells main-actor
/// work from work elsewhere, measured rather than read off the source.
package enum CPUTime {
  /// The CPU time the calling thread has used.
  package static func currentThread() -> Duration {
    read(CLOCK_THREAD_CPUTIME_ID)
  }

  /// The CPU time every thread of the process has used.
  package static func process() -> Duration {
    read(CLOCK_PROCESS_CPUTIME_ID)
  }

  private static func read(_ clock: clockid_t) -> Duration {
    var time = timespec()
    guard clock_gettime(clock, &time) == 0 else { return .zero }
    return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
  }
}
