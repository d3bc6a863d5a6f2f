import BenchKit

enum Fixtures {
  /// An environment with fixed values: a release build, so comparable.
  static let releaseEnvironment = BenchEnvironment(
    swiftVersion: "6.3.1",
    buildConfiguration: "release",
    sanitizer: "none",
    operatingSystem: "Ubuntu 24.04 LTS",
    kernel: "Linux 6.8.0 x86_64",
    cpuModel: "Example CPU, 3.0GHz",
    logicalCPUCount: 2,
    timerSlackNanoseconds: 50_000,
    date: "2025-01-31T09:30:00Z",
    hostname: "build-1",
    gitCommit: "abc1234",
    clock: ClockCalibration(
      readOverheadNanoseconds: 20.5, observedResolutionNanoseconds: 10, declaredResolutionNanoseconds: 1
    )
  )

  /// The same environment as a debug build.
  static var debugEnvironment: BenchEnvironment {
    var environment = releaseEnvironment
    environment.buildConfiguration = "debug"
    return environment
  }

  /// A table whose cells need every kind of escaping.
  static let trickyTable = ResultTable(
    columns: ["variant", "note", "p50_ns"],
    rows: [
      ["a, b", "say \"hi\"", "1500"],
      ["pipe|x", "line1\nline2", "12.5"],
      ["plain", "", "-3"],
    ]
  )
}
