import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension BenchEnvironment {
  /// Captures the environment of this process.
  ///
  /// The operating system, the CPU model and the timer slack come from each
  /// platform's own sources (`BenchEnvironment+Linux.swift`,
  /// `BenchEnvironment+Darwin.swift`); `uname`, `gethostname` and
  /// `git rev-parse --short HEAD` in the working directory give the rest.
  /// Whatever cannot be read is reported as `unknown`; the timer slack, which
  /// only Linux has, is `nil` elsewhere.
  /// - Parameters:
  ///   - clock: the clock calibration to report.
  ///   - date: the start time to report.
  /// - Returns: the environment.
  public static func capture(clock: ClockCalibration, date: Date = Date()) -> BenchEnvironment {
    BenchEnvironment(
      swiftVersion: compilerVersion,
      buildConfiguration: buildConfiguration,
      sanitizer: detectedSanitizers(),
      operatingSystem: operatingSystemName(),
      kernel: kernelDescription(),
      cpuModel: cpuModelName(),
      logicalCPUCount: ProcessInfo.processInfo.activeProcessorCount,
      timerSlackNanoseconds: timerSlack(),
      date: isoDate(date),
      hostname: hostName(),
      gitCommit: gitCommit(),
      clock: clock
    )
  }

  /// The compiler version, decided when BenchKit was compiled.
  static var compilerVersion: String {
    #if compiler(>=7.0)
      ">=7.0"
    #elseif compiler(>=6.4)
      ">=6.4"
    #elseif compiler(>=6.3.3)
      "6.3.3"
    #elseif compiler(>=6.3.2)
      "6.3.2"
    #elseif compiler(>=6.3.1)
      "6.3.1"
    #elseif compiler(>=6.3)
      "6.3"
    #elseif compiler(>=6.2)
      "6.2"
    #elseif compiler(>=6.1)
      "6.1"
    #else
      "6.0"
    #endif
  }

  /// `debug` or `release`, decided when BenchKit was compiled.
  static var buildConfiguration: String {
    #if DEBUG
      "debug"
    #else
      "release"
    #endif
  }

  /// The sanitizer runtimes present in the process (`thread`, `address`, both
  /// joined by `+`), or `none`.
  package static func detectedSanitizers() -> String { SanitizerRuntimes.detected() }

  static func kernelDescription() -> String {
    var name = utsname()
    guard uname(&name) == 0 else { return "unknown" }
    func field<T>(_ value: T) -> String {
      withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
    return "\(field(name.sysname)) \(field(name.release)) \(field(name.machine))"
  }

  static func hostName() -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count) == 0 else { return "unknown" }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  static func gitCommit() -> String {
    #if os(macOS) || os(Linux)
      commitOfWorkingDirectory()
    #else
      "unknown"  // No processes to start (iOS).
    #endif
  }

  #if os(macOS) || os(Linux)
    private static func commitOfWorkingDirectory() -> String {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["git", "rev-parse", "--short", "HEAD"]
      let output = Pipe()
      process.standardOutput = output
      process.standardError = FileHandle.nullDevice
      do {
        try process.run()
      } catch {
        return "unknown"
      }
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      let commit = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
      return process.terminationStatus == 0 && !commit.isEmpty ? commit : "unknown"
    }
  #endif

  static func isoDate(_ date: Date) -> String {
    let formatter = ISO8601DateFormatter()
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.string(from: date)
  }

  static func readFile(_ path: String) -> String? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return String(decoding: data, as: UTF8.self)
  }
}

#if !os(Linux) && !canImport(Darwin)
  extension BenchEnvironment {
    // Neither Linux nor Darwin: nothing this package knows how to read.
    static func operatingSystemName() -> String { "unknown" }
    static func cpuModelName() -> String { "unknown" }
    static func timerSlack() -> Int? { nil }
  }
#endif
