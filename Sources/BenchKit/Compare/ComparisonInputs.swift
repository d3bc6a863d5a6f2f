import Foundation

/// What `bench compare BASELINE CURRENT` compares: two CSV files, or the
/// summary tables two results folders have in common.
///
/// In a folder, every `*.csv` file is a summary table except `*-samples.csv`,
/// which are the raw samples of the summary of the same name (see
/// ``ComparisonSide/samplesPath(besides:)``).
public struct ComparisonInputs: Sendable, Equatable {
  /// Two summary files to compare.
  public struct Pair: Sendable, Equatable {
    /// The file name shown in headings, like `parallel-fetch.csv`.
    public var name: String
    /// The baseline file.
    public var baseline: String
    /// The current file.
    public var current: String

    /// Names two files to compare.
    /// - Parameters:
    ///   - name: the name shown in headings.
    ///   - baseline: the baseline file.
    ///   - current: the current file.
    public init(name: String, baseline: String, current: String) {
      self.name = name
      self.baseline = baseline
      self.current = current
    }
  }

  /// The files to compare, by name.
  public var pairs: [Pair]
  /// Summary files only the baseline folder has.
  public var onlyInBaseline: [String]
  /// Summary files only the current folder has.
  public var onlyInCurrent: [String]

  /// Creates inputs from known pairs (tests, or callers that found the files themselves).
  /// - Parameters:
  ///   - pairs: the files to compare.
  ///   - onlyInBaseline: summary files only the baseline has.
  ///   - onlyInCurrent: summary files only the current run has.
  public init(pairs: [Pair], onlyInBaseline: [String] = [], onlyInCurrent: [String] = []) {
    self.pairs = pairs
    self.onlyInBaseline = onlyInBaseline
    self.onlyInCurrent = onlyInCurrent
  }

  /// Resolves the two arguments.
  /// - Parameters:
  ///   - baseline: a CSV file or a results folder.
  ///   - current: a CSV file or a results folder, the same kind as `baseline`.
  /// - Throws: ``InvalidValue`` with a sentence for the `Error:` line: a path
  ///   that does not exist, a file against a folder, or folders with no
  ///   summary in common.
  public init(baseline: String, current: String) throws(InvalidValue) {
    let baselineIsFolder = try Self.isFolder(baseline, role: "baseline")
    let currentIsFolder = try Self.isFolder(current, role: "current run")
    switch (baselineIsFolder, currentIsFolder) {
    case (false, false):
      pairs = [Pair(name: (current as NSString).lastPathComponent, baseline: baseline, current: current)]
      onlyInBaseline = []
      onlyInCurrent = []
    case (true, true):
      let before = Self.summaries(in: baseline)
      let now = Self.summaries(in: current)
      pairs = before.filter(now.contains).map { name in
        Pair(
          name: name, baseline: (baseline as NSString).appendingPathComponent(name),
          current: (current as NSString).appendingPathComponent(name))
      }
      onlyInBaseline = before.filter { !now.contains($0) }
      onlyInCurrent = now.filter { !before.contains($0) }
      guard !pairs.isEmpty else {
        throw InvalidValue("The folders '\(baseline)' and '\(current)' have no summary CSV file in common")
      }
    default:
      throw InvalidValue(
        "The baseline '\(baseline)' is a \(baselineIsFolder ? "folder" : "file") and the current run '\(current)' "
          + "is a \(currentIsFolder ? "folder" : "file"); give two CSV files or two folders")
    }
  }

  private static func isFolder(_ path: String, role: String) throws(InvalidValue) -> Bool {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw InvalidValue("The \(role) '\(path)' does not exist")
    }
    return isDirectory.boolValue
  }

  private static func summaries(in folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { $0.hasSuffix(".csv") && !$0.hasSuffix("-samples.csv") }.sorted()
  }
}
