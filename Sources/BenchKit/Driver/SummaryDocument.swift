/// `SUMMARY.md`: what a default run found, in one Markdown page.
///
/// The driver writes it to the output directory after a run that includes
/// every default suite (no suite named, or the default suites named with
/// opt-in ones beside them): the environment, then each suite's headline
/// table and notes, and links to its charts as `plots/<chart>.png`, the
/// files `scripts/plot.py` draws beside it. It is built from the suites'
/// reports alone, so BenchKit needs to know no suite.
public struct SummaryDocument: Sendable, Equatable {
  /// One suite's part of the page.
  public struct Section: Sendable, Equatable {
    /// The suite's name, like `parallel-fetch`.
    public var name: String
    /// The suite's one-sentence summary.
    public var summary: String
    /// The headline table, if the suite printed one.
    public var headline: ResultTable?
    /// The lines printed after the headline.
    public var notes: [String]
    /// The base names of the tables it wrote, like `parallel-fetch`.
    public var tables: [String]
    /// The suite's chart names (see ``BenchSuite/charts``).
    public var charts: [String]
    /// Whether the suite stopped early.
    public var isPartial: Bool

    /// Creates a section.
    /// - Parameters:
    ///   - name: the suite's name.
    ///   - summary: its summary.
    ///   - headline: its headline table.
    ///   - notes: its notes.
    ///   - tables: the base names of the tables it wrote.
    ///   - charts: its chart names.
    ///   - isPartial: whether it stopped early.
    public init(
      name: String, summary: String, headline: ResultTable?, notes: [String], tables: [String], charts: [String],
      isPartial: Bool
    ) {
      self.name = name
      self.summary = summary
      self.headline = headline
      self.notes = notes
      self.tables = tables
      self.charts = charts
      self.isPartial = isPartial
    }
  }

  /// The file name the driver writes, in the output directory.
  public static let fileName = "SUMMARY.md"

  /// The machine and build.
  public var environment: BenchEnvironment
  /// The seed of the run.
  public var seed: UInt64
  /// Whether `--quick` was given.
  public var quick: Bool
  /// The suites, in run order.
  public var sections: [Section]
  /// Whether Ctrl-C stopped the run.
  public var interrupted: Bool

  /// Creates a document.
  /// - Parameters:
  ///   - environment: the machine and build.
  ///   - seed: the run's seed.
  ///   - quick: whether `--quick` was given.
  ///   - sections: the suites' parts.
  ///   - interrupted: whether Ctrl-C stopped the run.
  public init(environment: BenchEnvironment, seed: UInt64, quick: Bool, sections: [Section], interrupted: Bool) {
    self.environment = environment
    self.seed = seed
    self.quick = quick
    self.sections = sections
    self.interrupted = interrupted
  }

  /// The Markdown text, ending in a newline.
  public func render() -> String {
    var text = "# Results\n\n"
    text +=
      "Written by `bench` (seed \(seed)\(quick ? ", --quick" : "")) at \(environment.date). "
      + "Every suite's CSV files are beside this page; the charts are drawn into `plots/` by "
      + "`.venv/bin/python scripts/plot.py` (see the README for the one-line setup).\n"
    if let banner = comparabilityWarning {
      text += "\n> **\(banner)**\n"
    }
    if interrupted {
      text += "\n> **Interrupted**: the run was stopped with Ctrl-C; what was measured is marked `partial=true`.\n"
    }
    text += "\n## Environment\n\n"
    var table = ResultTable(columns: ["what", "value"])
    table.append(["Swift", "\(environment.swiftVersion), \(environment.buildConfiguration) build"])
    table.append(["sanitizer", environment.sanitizer])
    table.append(["OS", "\(environment.operatingSystem), \(environment.kernel)"])
    table.append(["CPU", "\(environment.cpuModel), \(environment.logicalCPUCount) logical CPUs"])
    table.append(["timer slack", environment.timerSlackDescription])
    table.append([
      "clock",
      "read \(CellFormat.fixed(environment.clock.readOverheadNanoseconds, digits: 1)) ns, "
        + "resolution \(CellFormat.number(environment.clock.observedResolutionNanoseconds)) ns observed",
    ])
    table.append(["host", environment.hostname])
    table.append(["commit", environment.gitCommit])
    table.append(["comparable", environment.isComparable ? "yes" : "no"])
    text += MarkdownWriter.render(table)
    for section in sections {
      text += "\n## \(section.name)\n\n\(section.summary)\n"
      if section.isPartial {
        text += "\n**Partial**: the suite stopped before measuring everything.\n"
      }
      if let headline = section.headline {
        text += "\n" + MarkdownWriter.render(headline)
      }
      if !section.notes.isEmpty {
        text += "\n" + section.notes.map { "- \(MarkdownWriter.escape($0))\n" }.joined()
      }
      if !section.tables.isEmpty {
        text += "\nData: " + section.tables.map { "[\($0).csv](\($0).csv)" }.joined(separator: ", ") + ".\n"
      }
      if !section.charts.isEmpty {
        text += "\nCharts:\n\n" + section.charts.map { "- [\($0)](plots/\($0).png)\n" }.joined()
      }
    }
    return text
  }

  private var comparabilityWarning: String? {
    guard !environment.isComparable else { return nil }
    var reasons: [String] = []
    if environment.buildConfiguration != "release" { reasons.append("a \(environment.buildConfiguration) build") }
    if environment.sanitizer != "none" { reasons.append("the \(environment.sanitizer) sanitizer on") }
    return "NOT COMPARABLE: numbers from \(reasons.joined(separator: " with ")); build with swift build -c release."
  }
}
