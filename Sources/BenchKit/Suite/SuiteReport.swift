/// What a suite hands back: files to write, a headline to print, findings.
public struct SuiteReport: Sendable {
  /// A table written to `<output>/<name>.csv` with the environment columns appended.
  public struct NamedTable: Sendable, Equatable {
    /// The file's base name, like `parallel-fetch` or `parallel-fetch-samples`.
    public var name: String
    /// The tidy table.
    public var table: ResultTable

    /// Names a table.
    /// - Parameters:
    ///   - name: the file's base name, without `.csv`.
    ///   - table: the table.
    public init(name: String, table: ResultTable) {
      self.name = name
      self.table = table
    }
  }

  /// Tables to write, in order.
  public var tables: [NamedTable]
  /// The table printed to standard output in the `--format` chosen, if any.
  public var headline: ResultTable?
  /// Lines printed after the headline, like ratios or an explanation.
  public var notes: [String]
  /// The long table printed instead of ``headline`` under `--verbose` and
  /// in `--format json`; `nil` when the headline is the whole story.
  public var verboseHeadline: ResultTable?
  /// The lines printed instead of ``notes`` under `--verbose` and in
  /// `--format json`; `nil` when the notes are the whole story.
  public var verboseNotes: [String]?
  /// Broken invariants, one line each; any makes `bench` exit 1.
  public var invariantViolations: [String]
  /// Performance regressions, one line each; any makes `bench` exit 2.
  public var regressions: [String]
  /// Whether the suite stopped before measuring all it meant to (time cap,
  /// interrupt); written as `partial=true`. The driver also sets it when
  /// the interrupt flag is raised.
  public var isPartial: Bool

  /// Creates a report.
  /// - Parameters:
  ///   - tables: tables to write.
  ///   - headline: the table to print.
  ///   - notes: lines to print after it.
  ///   - invariantViolations: broken invariants.
  ///   - regressions: performance regressions.
  ///   - isPartial: whether the suite stopped early.
  public init(
    tables: [NamedTable],
    headline: ResultTable? = nil,
    notes: [String] = [],
    invariantViolations: [String] = [],
    regressions: [String] = [],
    isPartial: Bool = false
  ) {
    self.tables = tables
    self.headline = headline
    self.notes = notes
    self.invariantViolations = invariantViolations
    self.regressions = regressions
    self.isPartial = isPartial
  }

  /// Creates a report for one interleaved run; partial when the run was.
  /// - Parameters:
  ///   - tables: tables to write.
  ///   - headline: the table to print.
  ///   - notes: lines to print after it.
  ///   - run: the run whose ``RunResult/isPartial`` decides ``isPartial``.
  public init(tables: [NamedTable], headline: ResultTable?, notes: [String] = [], run: RunResult) {
    self.init(tables: tables, headline: headline, notes: notes, isPartial: run.isPartial)
  }

  /// Creates the usual report of a suite with one interleaved run: its
  /// summary as `<suite>.csv`, every sample as `<suite>-samples.csv`, then
  /// any tables of its own as `<suite>-<name>.csv`; partial when the run was.
  /// - Parameters:
  ///   - suite: the suite's name.
  ///   - summary: the summary table.
  ///   - run: the run, whose samples are written and whose ``RunResult/isPartial`` decides ``isPartial``.
  ///   - moreTables: further tables by the suffix of their names, like `frames`.
  ///   - headline: the table to print.
  ///   - notes: lines to print after it.
  public init(
    suite: String, summary: ResultTable, run: RunResult, moreTables: [NamedTable] = [], headline: ResultTable?,
    notes: [String] = []
  ) {
    let tables =
      [NamedTable(name: suite, table: summary), NamedTable(name: "\(suite)-samples", table: run.samplesTable())]
      + moreTables.map { NamedTable(name: "\(suite)-\($0.name)", table: $0.table) }
    self.init(tables: tables, headline: headline, notes: notes, run: run)
  }
}
