import BenchKit
import Testing

@Suite struct EnvironmentTests {
  @Test func onlyReleaseBuildsWithoutSanitizersAreComparable() {
    var environment = Fixtures.releaseEnvironment
    #expect(environment.isComparable)
    #expect(environment.comparabilityBanner == nil)
    environment.sanitizer = "thread"
    #expect(!environment.isComparable)
    #expect(Fixtures.debugEnvironment.isComparable == false)
  }

  @Test func theBannerSaysWhy() throws {
    var environment = Fixtures.debugEnvironment
    environment.sanitizer = "thread"
    let banner = try #require(environment.comparabilityBanner)
    let rule = String(repeating: "!", count: 72)
    #expect(
      banner == """
        \(rule)
        !! NUMBERS FROM THIS RUN ARE NOT COMPARABLE: this is a debug build and the thread sanitizer is on.
        !! Rows are marked comparable=false. For measurements, build with:
        !!   swift build -c release
        \(rule)

        """
    )
  }

  @Test func captureReadsThisMachine() {
    let environment = BenchEnvironment.capture(clock: ClockCalibration.measure(reads: 1_000))
    #if DEBUG
      #expect(environment.buildConfiguration == "debug")
    #else
      #expect(environment.buildConfiguration == "release")
    #endif
    #expect(environment.swiftVersion.hasPrefix("6.") || environment.swiftVersion.hasPrefix(">="))
    #expect(environment.logicalCPUCount >= 1)
    #expect(!environment.kernel.isEmpty && !environment.hostname.isEmpty && !environment.gitCommit.isEmpty)
    #expect(environment.date.hasSuffix("Z") && environment.date.count == 20)
    #expect(environment.clock.readOverheadNanoseconds > 0)
    #expect(environment.columns.map(\.name).allSatisfy { $0.hasPrefix("env_") })
    #expect(environment.operatingSystem != "unknown")
    #if os(Linux)
      #expect(environment.timerSlackNanoseconds != nil, "Linux has had /proc/self/timerslack_ns since 4.6")
      #if arch(x86_64)
        // aarch64's /proc/cpuinfo has no "model name" line.
        #expect(environment.cpuModel != "unknown")
      #endif
    #elseif canImport(Darwin)
      #expect(environment.timerSlackNanoseconds == nil, "Darwin has no per-thread timer slack")
      #expect(environment.cpuModel != "unknown")
      #expect(environment.operatingSystem.hasPrefix("macOS "))
    #endif
  }

  @Test func summaryLinesMentionTheBuildAndClock() {
    let lines = Fixtures.releaseEnvironment.summaryLines
    #expect(lines[0] == "Swift 6.3.1, release build, sanitizer: none")
    #expect(lines[3] == "clock read 20.5 ns, resolution 10 ns observed, 1 ns declared")
  }

  /// Where the platform has no timer slack (macOS), the summary says so and the CSV cell stays empty.
  @Test func aMissingTimerSlackIsNotApplicable() throws {
    var environment = Fixtures.releaseEnvironment
    #expect(environment.timerSlackDescription == "50000 ns")
    environment.timerSlackNanoseconds = nil
    #expect(environment.timerSlackDescription == "n/a")
    #expect(environment.summaryLines[2].hasSuffix("timer slack n/a"))
    let cell = try #require(environment.columns.first { $0.name == "env_timer_slack_ns" })
    #expect(cell.value == "")
  }
}
