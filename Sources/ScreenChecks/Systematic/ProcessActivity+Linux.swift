#if os(Linux)
  import Glibc

  extension ProcessActivity {
    /// Every thread of this process, from `/proc/self/task/*/stat` (the
    /// state letter) and `/proc/self/task/*/schedstat` (run time in
    /// nanoseconds, and how many times the thread was scheduled).
    static func platformSample() -> ProcessSample? {
      guard let me = platformCurrentThreadID() else { return nil }
      guard let directory = opendir("/proc/self/task") else { return nil }
      defer { closedir(directory) }
      var threads: [ThreadActivity] = []
      while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        guard let id = UInt64(name) else { continue }
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
    }

    /// The kernel's id of the calling thread, from the `/proc/thread-self` link.
    static func platformCurrentThreadID() -> UInt64? {
      var buffer = [CChar](repeating: 0, count: 64)
      let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
      guard count > 0 else { return nil }
      let target = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return target.split(separator: "/").last.flatMap { UInt64($0) }
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
  }
#endif
