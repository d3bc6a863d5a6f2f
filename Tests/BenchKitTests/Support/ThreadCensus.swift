import Foundation

#if canImport(Darwin)
  import Darwin
#endif

/// Counts the process's live threads by name: from `/proc/self/task/*/comm`
/// on Linux; on Darwin from Mach's `task_threads`, each thread's pthread
/// (`pthread_from_mach_thread_np`) and its name (`pthread_getname_np`).
///
/// Counting by a name unique to the test keeps threads that other tests or
/// the runtime start from being counted.
enum ThreadCensus {
  /// Whether this platform can list its threads' names.
  static var isAvailable: Bool {
    #if os(Linux) || canImport(Darwin)
      true
    #else
      false
    #endif
  }

  /// How many live threads have a name that starts with `prefix`.
  /// - Parameter prefix: the start of the names, like `floor-7f3a`.
  /// - Returns: the count.
  static func threads(namedWithPrefix prefix: String) -> Int {
    threadNames().filter { $0.hasPrefix(prefix) }.count
  }

  /// A short stem no other test uses, for thread names (Linux keeps 15 bytes).
  static func uniqueStem() -> String {
    "pp" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
  }

  #if os(Linux)
    private static func threadNames() -> [String] {
      let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
      return tasks.map { task in
        (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
      }
    }
  #elseif canImport(Darwin)
    /// `task_threads` hands over a send right to each thread's port and an
    /// array allocated in this task; both are released before returning.
    private static func threadNames() -> [String] {
      var list: thread_act_array_t?
      var count: mach_msg_type_number_t = 0
      guard task_threads(mach_task_self_, &list, &count) == KERN_SUCCESS, let list else { return [] }
      defer {
        for index in 0..<Int(count) {
          _ = mach_port_deallocate(mach_task_self_, list[index])
        }
        _ = vm_deallocate(
          mach_task_self_, vm_address_t(UInt(bitPattern: list)),
          vm_size_t(Int(count) * MemoryLayout<thread_act_t>.stride))
      }
      return (0..<Int(count)).map { index in
        // nil for a thread that is not a pthread, or that ended in the meantime.
        guard let thread = pthread_from_mach_thread_np(list[index]) else { return "" }
        var buffer = [CChar](repeating: 0, count: 64)
        guard pthread_getname_np(thread, &buffer, buffer.count) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      }
    }
  #else
    private static func threadNames() -> [String] { [] }
  #endif
}
