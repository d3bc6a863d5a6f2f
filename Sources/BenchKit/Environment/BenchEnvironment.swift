/// The machine, toolchain and build a run happened on.
///
/// Every tidy row carries these as `env_` columns (see
/// ``ResultTable/appendingEnvironment(_:partial:)``) so that files from
/// different machines can be concatenated and still told apart.
public struct BenchEnvironment: Sendable, Equatable {
  /// The Swift compiler version, decided at compile time, like `6.3.1`.
  public var swiftVersion: String
  /// `release` or `debug`.
  public var buildConfiguration: String
  /// The sanitizers linked in: `thread`, `address`, `thread+address`, or `none`.
  public var sanitizer: String
  /// The operating system: `/etc/os-release`'s `PRETTY_NAME` on Linux,
  /// `macOS` and `ProcessInfo`'s version string on Darwin.
  public var operatingSystem: String
  /// The kernel, from `uname`: system name, release and machine.
  public var kernel: String
  /// The CPU model: `/proc/cpuinfo`'s first `model name` on Linux,
  /// `sysctlbyname("machdep.cpu.brand_string")` on Darwin.
  public var cpuModel: String
  /// Logical CPUs available to the process.
  public var logicalCPUCount: Int
  /// The calling thread's timer slack in nanoseconds (Linux's
  /// `/proc/self/timerslack_ns`), or `nil` where the platform has none
  /// (Darwin) or it could not be read; an empty `env_timer_slack_ns` cell.
  public var timerSlackNanoseconds: Int?
  /// When the run started, ISO 8601 in UTC, like `2025-01-31T09:30:00Z`.
  public var date: String
  /// The host name.
  public var hostname: String
  /// The git commit of the working directory, or `unknown`.
  public var gitCommit: String
  /// The clock's measured read overhead and resolution.
  public var clock: ClockCalibration

  /// Creates an environment from known values (tests, replays).
  /// - Parameters:
  ///   - swiftVersion: compiler version.
  ///   - buildConfiguration: `release` or `debug`.
  ///   - sanitizer: sanitizers linked in, or `none`.
  ///   - operatingSystem: OS name and version.
  ///   - kernel: kernel name, release and machine.
  ///   - cpuModel: CPU model name.
  ///   - logicalCPUCount: logical CPUs.
  ///   - timerSlackNanoseconds: timer slack, if known.
  ///   - date: ISO 8601 UTC start time.
  ///   - hostname: host name.
  ///   - gitCommit: commit or `unknown`.
  ///   - clock: clock calibration.
  public init(
    swiftVersion: String,
    buildConfiguration: String,
    sanitizer: String,
    operatingSystem: String,
    kernel: String,
    cpuModel: String,
    logicalCPUCount: Int,
    timerSlackNanoseconds: Int?,
    date: String,
    hostname: String,
    gitCommit: String,
    clock: ClockCalibration
  ) {
    self.swiftVersion = swiftVersion
    self.buildConfiguration = buildConfiguration
    self.sanitizer = sanitizer
    self.operatingSystem = operatingSystem
    self.kernel = kernel
    self.cpuModel = cpuModel
    self.logicalCPUCount = logicalCPUCount
    self.timerSlackNanoseconds = timerSlackNanoseconds
    self.date = date
    self.hostname = hostname
    self.gitCommit = gitCommit
    self.clock = clock
  }

  /// Whether numbers from this run may be compared: a release build without sanitizers.
  public var isComparable: Bool {
    buildConfiguration == "release" && sanitizer == "none"
  }

  /// The environment as `env_` columns and values, in a fixed order.
  public var columns: [(name: String, value: String)] {
    [
      ("env_swift", swiftVersion),
      ("env_build", buildConfiguration),
      ("env_sanitizer", sanitizer),
      ("env_os", operatingSystem),
      ("env_kernel", kernel),
      ("env_cpu", cpuModel),
      ("env_cpus", String(logicalCPUCount)),
      ("env_timer_slack_ns", timerSlackNanoseconds.map(String.init) ?? ""),
      ("env_clock_overhead_ns", CellFormat.number(clock.readOverheadNanoseconds)),
      ("env_clock_resolution_ns", CellFormat.number(clock.observedResolutionNanoseconds)),
      ("env_date", date),
      ("env_host", hostname),
      ("env_commit", gitCommit),
    ]
  }
}
