import Foundation

/// One run's side of a comparison: a summary table and, when the run kept
/// them, its raw samples (`<name>-samples.csv` beside it).
public struct ComparisonSide: Sendable, Equatable {
  /// The summary table, like `Results/parallel-fetch.csv`.
  public var summary: ResultFile
  /// The raw samples, like `Results/parallel-fetch-samples.csv`, if there are any.
  public var samples: ResultFile?

  /// Creates a side from tables in memory.
  /// - Parameters:
  ///   - summary: the summary table.
  ///   - samples: the raw samples, if any.
  public init(summary: ResultFile, samples: ResultFile? = nil) {
    self.summary = summary
    self.samples = samples
  }

  /// Reads a summary file and the samples file beside it, if there is one.
  /// - Parameter path: the summary file.
  /// - Throws: ``InvalidValue`` naming the file that cannot be read or parsed.
  public init(reading path: String) throws(InvalidValue) {
    let summary = try ResultFile(reading: path)
    let samplesPath = Self.samplesPath(besides: path)
    let samples =
      FileManager.default.fileExists(atPath: samplesPath) ? try ResultFile(reading: samplesPath) : nil
    self.init(summary: summary, samples: samples)
  }

  /// The path of the samples file that belongs to a summary file: `x.csv` → `x-samples.csv`.
  /// - Parameter path: the summary file.
  /// - Returns: the samples file's path.
  public static func samplesPath(besides path: String) -> String {
    let url = URL(fileURLWithPath: path)
    let stem = url.deletingPathExtension().lastPathComponent
    let directory = (path as NSString).deletingLastPathComponent
    let name = "\(stem)-samples.csv"
    return directory.isEmpty ? name : (directory as NSString).appendingPathComponent(name)
  }

  /// Whether any row is marked `comparable=false`.
  public var hasIncomparableRows: Bool {
    summary.table.column("comparable")?.contains("false") ?? false
  }

  /// Whether any row is marked `partial=true`.
  public var hasPartialRows: Bool {
    summary.table.column("partial")?.contains("true") ?? false
  }

  /// The machines the rows come from, as `host (cpu)`, in order of appearance.
  public var machines: [String] {
    guard let hosts = summary.table.column("env_host"), let cpus = summary.table.column("env_cpu") else { return [] }
    var seen: [String] = []
    for (host, cpu) in zip(hosts, cpus) where !seen.contains("\(host) (\(cpu))") {
      seen.append("\(host) (\(cpu))")
    }
    return seen
  }
}
