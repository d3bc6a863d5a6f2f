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

/// One thread's CPU clock, readable from any thread: the main thread's,
/// read by the sampler while the main thread works.
package struct ThreadCPUClock: Sendable {
  #if canImport(Darwin)
    private let port: mach_port_t
  #else
    private let clock: clockid_t
  #endif

  /// The calling thread's clock.
  package init() {
    #if canImport(Darwin)
      port = pthread_mach_thread_np(pthread_self())
    #else
      var clock = clockid_t()
      if pthread_getcpuclockid(pthread_self(), &clock) != 0 { clock = CLOCK_THREAD_CPUTIME_ID }
      self.clock = clock
    #endif
  }

  /// The CPU time the thread has used so far.
  package func read() -> Duration {
    #if canImport(Darwin)
      var info = thread_basic_info()
      var count = mach_msg_type_number_t(MemoryLayout<thread_basic_info>.size / MemoryLayout<integer_t>.size)
      let status = withUnsafeMutablePointer(to: &info) { pointer in
        pointer.withMemoryRebound(to: integer_t.self, capacity: Int(count)) {
          thread_info(port, thread_flavor_t(THREAD_BASIC_INFO), $0, &count)
        }
      }
      guard status == KERN_SUCCESS else { return .zero }
      let user = Duration.seconds(Int64(info.user_time.seconds)) + .microseconds(Int64(info.user_time.microseconds))
      let system =
        Duration.seconds(Int64(info.system_time.seconds)) + .microseconds(Int64(info.system_time.microseconds))
      return user + system
    #else
      var time = timespec()
      guard clock_gettime(clock, &time) == 0 else { return .zero }
      return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
    #endif
  }
}

/// The calling thread, as a number that tells it from the process's other threads.
package enum ThreadIdentity {
  package static var current: UInt {
    #if canImport(Darwin)
      UInt(pthread_mach_thread_np(pthread_self()))
    #else
      UInt(pthread_self())
    #endif
  }
}
