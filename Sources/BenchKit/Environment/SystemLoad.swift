#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The machine's load averages from `getloadavg(3)` (glibc and Darwin both
/// have it), read around a measurement so that a report can say whether
/// other work was running.
///
/// A hop or a thread wake-up measured while compilers run on every core is
/// mostly run-queue waiting; the reader should know.
public struct SystemLoad: Sendable, Equatable {
  /// The 1-minute load average.
  public var oneMinute: Double
  /// The 5-minute load average.
  public var fiveMinutes: Double

  /// Creates a reading from known values (tests).
  /// - Parameters:
  ///   - oneMinute: the 1-minute load average.
  ///   - fiveMinutes: the 5-minute load average.
  public init(oneMinute: Double, fiveMinutes: Double) {
    self.oneMinute = oneMinute
    self.fiveMinutes = fiveMinutes
  }

  /// Reads the load averages now, with `getloadavg(3)`.
  /// - Returns: the reading, or `nil` when the system cannot give one.
  public static func current() -> SystemLoad? {
    var averages = [Double](repeating: 0, count: 2)
    guard getloadavg(&averages, 2) == 2 else { return nil }
    return SystemLoad(oneMinute: averages[0], fiveMinutes: averages[1])
  }

  /// Whether the 1-minute load suggests other work competed for the CPUs:
  /// above half of them.
  /// - Parameter cpus: the logical CPUs.
  /// - Returns: `true` when measurements are likely to be noisy.
  public func isBusy(cpus: Int) -> Bool {
    oneMinute > Double(max(cpus, 1)) / 2
  }
}
