extension BenchEnvironment {
  /// A loud warning for builds whose numbers must not be compared, or `nil`.
  ///
  /// Printed to standard error at the start of a run; the rows of such a run
  /// carry `comparable=false`.
  public var comparabilityBanner: String? {
    guard !isComparable else { return nil }
    var reasons: [String] = []
    if buildConfiguration != "release" {
      reasons.append("this is a \(buildConfiguration) build")
    }
    if sanitizer != "none" {
      reasons.append("the \(sanitizer) sanitizer is on")
    }
    let rule = String(repeating: "!", count: 72)
    return """
      \(rule)
      !! NUMBERS FROM THIS RUN ARE NOT COMPARABLE: \(reasons.joined(separator: " and ")).
      !! Rows are marked comparable=false. For measurements, build with:
      !!   swift build -c release
      \(rule)

      """
  }

  /// The timer slack for people: `50000 ns`, or `n/a` where the platform
  /// has none (macOS) or it could not be read.
  public var timerSlackDescription: String {
    timerSlackNanoseconds.map { "\($0) ns" } ?? "n/a"
  }

  /// A few human lines describing the environment, for the start of a run.
  public var summaryLines: [String] {
    [
      "Swift \(swiftVersion), \(buildConfiguration) build, sanitizer: \(sanitizer)",
      "\(operatingSystem), \(kernel)",
      "\(cpuModel), \(logicalCPUCount) logical CPUs, timer slack \(timerSlackDescription)",
      "clock read \(CellFormat.fixed(clock.readOverheadNanoseconds, digits: 1)) ns, "
        + "resolution \(CellFormat.number(clock.observedResolutionNanoseconds)) ns observed, "
        + "\(CellFormat.number(clock.declaredResolutionNanoseconds)) ns declared",
      "host \(hostname), commit \(gitCommit), \(date)",
    ]
  }
}
