#if canImport(Darwin)
  import Darwin
  import Foundation

  extension BenchEnvironment {
    /// `macOS` (or `iOS`) and Foundation's version string, like `macOS Version 15.6 (Build 24G84)`.
    static func operatingSystemName() -> String {
      #if os(macOS)
        "macOS \(ProcessInfo.processInfo.operatingSystemVersionString)"
      #else
        "iOS \(ProcessInfo.processInfo.operatingSystemVersionString)"
      #endif
    }

    /// `sysctlbyname("machdep.cpu.brand_string")`, like `Apple M2 Pro`.
    static func cpuModelName() -> String {
      var size = 0
      guard sysctlbyname("machdep.cpu.brand_string", nil, &size, nil, 0) == 0, size > 0 else { return "unknown" }
      var buffer = [CChar](repeating: 0, count: size)
      guard sysctlbyname("machdep.cpu.brand_string", &buffer, &size, nil, 0) == 0 else { return "unknown" }
      return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `nil`: Darwin has no per-thread timer slack to read (it coalesces
    /// timers by their leeway instead), so `env_timer_slack_ns` stays empty.
    static func timerSlack() -> Int? { nil }
  }
#endif
