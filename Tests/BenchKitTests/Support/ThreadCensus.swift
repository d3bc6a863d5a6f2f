import Foundation

/// Counts the process's live threads by name, from `/proc/self/task/*/comm`.
///
/// Counting by a name unique to the test keeps threads that other tests or
/// the runtime start from being counted.
enum ThreadCensus {
  /// How many live threads have a name that starts with `prefix`.
  /// - Parameter prefix: the start of the names, like `floor-7f3a`.
  /// - Returns: the count.
  static func threads(namedWithPrefix prefix: String) -> Int {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
    return tasks.filter { task in
      let comm = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
      return comm.hasPrefix(prefix)
    }.count
  }

  /// A short stem no other test uses, for thread names (Linux keeps 15 bytes).
  static func uniqueStem() -> String {
    "pp" + String(UInt32.random(in: 0...UInt32.max), radix: 36)
  }
}
