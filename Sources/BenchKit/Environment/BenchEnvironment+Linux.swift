#if os(Linux)
  import Foundation

  extension BenchEnvironment {
    /// The distribution's `PRETTY_NAME` from `/etc/os-release`, like `Ubuntu 24.04.2 LTS`.
    static func operatingSystemName() -> String {
      guard let text = readFile("/etc/os-release") else { return "unknown" }
      for line in text.split(separator: "\n") where line.hasPrefix("PRETTY_NAME=") {
        return line.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
      }
      return "unknown"
    }

    /// The first `model name` in `/proc/cpuinfo`, like `AMD EPYC 7B13`.
    static func cpuModelName() -> String {
      guard let text = readFile("/proc/cpuinfo") else { return "unknown" }
      for line in text.split(separator: "\n") where line.hasPrefix("model name") {
        if let colon = line.firstIndex(of: ":") {
          return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
      }
      return "unknown"
    }

    /// The calling thread's timer slack, from `/proc/self/timerslack_ns`
    /// (50,000 ns unless changed): how late the kernel may end a sleep.
    static func timerSlack() -> Int? {
      readFile("/proc/self/timerslack_ns").flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }
  }
#endif
