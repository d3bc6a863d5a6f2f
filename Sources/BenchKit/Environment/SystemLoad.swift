import Foundation

/// The machine's load averages from `/proc/loadavg`, read around a
/// measurement so that a report can say whether other work was running.
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

  /// Parses the first two fields of `/proc/loadavg`'s text, like `0.52 0.61 0.70 1/234 5678`.
  /// - Parameter text: the file's text.
  /// - Returns: the reading, or `nil` if the text is not in that shape.
  public init?(procLoadavg text: String) {
    let fields = text.split(separator: " ")
    guard fields.count >= 2, let one = Double(fields[0]), let five = Double(fields[1]) else { return nil }
    self.init(oneMinute: one, fiveMinutes: five)
  }

  /// Reads `/proc/loadavg` now.
  /// - Returns: the reading, or `nil` where the file does not exist.
  public static func current() -> SystemLoad? {
    guard let data = FileManager.default.contents(atPath: "/proc/loadavg") else { return nil }
    return SystemLoad(procLoadavg: String(decoding: data, as: UTF8.self))
  }

  /// Whether the 1-minute load suggests other work competed for the CPUs:
  /// above half of them.
  /// - Parameter cpus: the logical CPUs.
  /// - Returns: `true` when measurements are likely to be noisy.
  public func isBusy(cpus: Int) -> Bool {
    oneMinute > Double(max(cpus, 1)) / 2
  }
}
