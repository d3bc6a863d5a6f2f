#if canImport(Glibc)
  import Glibc
#endif

/// What one thread of this process was doing when sampled, from `/proc`.
struct ThreadActivity: Equatable {
  /// The kernel's thread id.
  var id: Int32
  /// Whether the thread was running or runnable (state `R`).
  var runnable: Bool
  /// How many times the thread has been scheduled onto a CPU.
  var timesScheduled: UInt64
  /// How long the thread has run, in nanoseconds.
  var runtime: UInt64
}

/// One sample of every thread of this process.
struct ProcessSample: Equatable {
  /// The thread that took the sample.
  var current: Int32
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
    let samplers: Set<Int32> = [current, earlier.current]
    let now = threads.filter { !samplers.contains($0.id) }
    let then = earlier.threads.filter { !samplers.contains($0.id) }
    return now == then
  }
}

/// Samples the threads of this process, so that the checker can tell when
/// nothing but itself is running: the positive sign that a scene has done
/// all it can until the checker's next choice.
///
/// Linux only (`/proc/self/task/*/stat` and `schedstat`); elsewhere every
/// sample is `nil` and the settler falls back to a quiet window.
enum ProcessActivity {
  /// Every thread of this process, or `nil` when `/proc` cannot tell.
  static func sample() -> ProcessSample? {
    #if os(Linux)
      guard let me = currentThreadID() else { return nil }
      guard let directory = opendir("/proc/self/task") else { return nil }
      defer { closedir(directory) }
      var threads: [ThreadActivity] = []
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard let id = Int32(name) else { continue }
        guard let stat = read("/proc/self/task/\(id)/stat"),
          let schedstat = read("/proc/self/task/\(id)/schedstat")
        else { continue }  // the thread exited between readdir and read
        guard let close = stat.lastIndex(of: UInt8(ascii: ")")),
          stat.index(close, offsetBy: 2) < stat.endIndex
        else { return nil }
        let state = stat[stat.index(close, offsetBy: 2)]
        let fields = schedstat.split(separator: UInt8(ascii: " "))
        guard fields.count >= 3,
          let runtime = UInt64(String(decoding: fields[0], as: UTF8.self)),
          let scheduled = UInt64(
            String(decoding: fields[2].prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self))
        else { return nil }
        threads.append(
          ThreadActivity(
            id: id, runnable: state == UInt8(ascii: "R"), timesScheduled: scheduled,
            runtime: runtime))
      }
      return ProcessSample(current: me, threads: threads.sorted { $0.id < $1.id })
    #else
      return nil
    #endif
  }

  #if os(Linux)
    /// The kernel's id of the calling thread, from the `/proc/thread-self` link.
    private static func currentThreadID() -> Int32? {
      var buffer = [CChar](repeating: 0, count: 64)
      let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
      guard count > 0 else { return nil }
      let target = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return target.split(separator: "/").last.flatMap { Int32($0) }
    }

    private static func read(_ path: String) -> [UInt8]? {
      let descriptor = open(path, O_RDONLY)
      guard descriptor >= 0 else { return nil }
      defer { _ = Glibc.close(descriptor) }
      var buffer = [UInt8](repeating: 0, count: 512)
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      guard count > 0 else { return nil }
      return Array(buffer.prefix(count))
    }
  #endif
}
