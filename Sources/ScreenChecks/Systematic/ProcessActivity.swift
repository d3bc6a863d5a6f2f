/// What one thread of this process was doing when sampled.
struct ThreadActivity: Equatable {
  /// The thread's id: the kernel's thread id on Linux, the task's name for
  /// the thread's Mach port on Darwin.
  var id: UInt64
  /// Whether the thread was running or waiting for a CPU.
  var runnable: Bool
  /// How many times the thread has been scheduled onto a CPU; always 0 on
  /// Darwin, which does not count it per thread (``runtime`` still moves).
  var timesScheduled: UInt64
  /// How long the thread has run (user and system time), in nanoseconds;
  /// microsecond steps on Darwin.
  var runtime: UInt64
}

/// One sample of every thread of this process.
struct ProcessSample: Equatable {
  /// The thread that took the sample.
  var current: UInt64
  /// Every thread, the current one included, by id.
  var threads: [ThreadActivity]

  /// Whether every thread but the current one is asleep.
  var othersAsleep: Bool {
    threads.allSatisfy { $0.id == current || !$0.runnable }
  }

  /// Whether no thread other than the two samplers was scheduled between the samples.
  ///
  /// On Linux the main actor's queue is drained by whichever pool thread is
  /// free, so the checker itself may move between threads from one sample to
  /// the next; both threads it sampled from are left out of the comparison.
  func nothingRanSince(_ earlier: ProcessSample) -> Bool {
    let samplers: Set<UInt64> = [current, earlier.current]
    let now = threads.filter { !samplers.contains($0.id) }
    let then = earlier.threads.filter { !samplers.contains($0.id) }
    return now == then
  }
}

/// Samples the threads of this process, so that the checker can tell when
/// nothing but itself is running: the positive sign that a scene has done
/// all it can until the checker's next choice.
///
/// Each platform reads its own kernel's view (`ProcessActivity+Linux.swift`,
/// `ProcessActivity+Darwin.swift`):
///
/// | platform | source | runnable | ran between samples |
/// |---|---|---|---|
/// | Linux | `/proc/self/task/*/stat` and `schedstat` | state `R` | scheduling count or run time changed (ns) |
/// | Darwin | Mach `task_threads` and `thread_info(THREAD_BASIC_INFO)` | `TH_STATE_RUNNING` | user or system time changed (µs) |
///
/// Elsewhere every sample is `nil`, and the settler falls back to a quiet
/// window (timing), which the report counts as `quiet_settles`.
enum ProcessActivity {
  /// Where samples come from on this platform, for reports; `nil` when
  /// there is no sampler and every settle is timed.
  static var source: String? {
    #if os(Linux)
      "/proc"
    #elseif canImport(Darwin)
      "Mach task_threads"
    #else
      nil
    #endif
  }

  /// Every thread of this process, or `nil` when the platform cannot tell.
  static func sample() -> ProcessSample? {
    #if os(Linux) || canImport(Darwin)
      platformSample()
    #else
      nil
    #endif
  }

  /// The calling thread's id, as ``ThreadActivity/id`` gives it, or `nil`
  /// when the platform cannot tell.
  static func currentThreadID() -> UInt64? {
    #if os(Linux) || canImport(Darwin)
      platformCurrentThreadID()
    #else
      nil
    #endif
  }
}
