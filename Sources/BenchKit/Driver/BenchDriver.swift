/// Carries out a `bench` command line: the executable's `main.swift` only
/// builds one of these and exits with what ``run(arguments:)`` returns.
///
/// For a run it captures the environment, prints the banner for debug or
/// sanitized builds and the estimated duration, runs each suite in turn
/// (stopping early on Ctrl-C), writes every table atomically as
/// `<output>/<name>.csv` with the environment columns appended, prints the
/// headlines in the chosen `--format` (the compact ones, or the long ones
/// under `--verbose` and in JSON), writes `SUMMARY.md` after a run that
/// includes every default suite (see ``SummaryDocument``), and folds every outcome
/// into one ``BenchExitCode``. Results go to standard output; everything else
/// (banner, progress, files written, findings) to standard error.
public struct BenchDriver: Sendable {
  /// The command line: declaration, help and validation.
  public let commandLine: BenchCommandLine
  /// Where to print.
  public var console: any Console
  /// Raised by Ctrl-C; handed to suites.
  public var interrupt: InterruptFlag
  /// Captures the environment once a run is about to start.
  public var captureEnvironment: @Sendable () -> BenchEnvironment
  /// Receives progress; by default a ``ConsoleProgress`` on ``console``.
  public var progress: any ProgressSink

  /// Creates a driver.
  /// - Parameters:
  ///   - commandName: the executable's name.
  ///   - overview: one sentence for the help.
  ///   - suites: the registered suites.
  ///   - subcommands: added subcommands.
  ///   - console: where to print.
  ///   - interrupt: the interrupt flag (the process-wide one by default).
  ///   - progress: where progress goes; `nil` for a ``ConsoleProgress`` on `console`.
  ///   - captureEnvironment: captures the environment (the real one by default).
  public init(
    commandName: String = "bench",
    overview: String,
    suites: [any BenchSuite],
    subcommands: [BenchSubcommand] = [],
    console: any Console = StandardConsole(),
    interrupt: InterruptFlag = InterruptSignal.flag,
    progress: (any ProgressSink)? = nil,
    captureEnvironment: @escaping @Sendable () -> BenchEnvironment = {
      BenchEnvironment.capture(clock: ClockCalibration.measure())
    }
  ) {
    commandLine = BenchCommandLine(
      commandName: commandName, overview: overview, suites: suites, subcommands: subcommands
    )
    self.console = console
    self.interrupt = interrupt
    self.progress = progress ?? ConsoleProgress(console: console)
    self.captureEnvironment = captureEnvironment
  }

  /// Parses, validates and runs a command line.
  /// - Parameter arguments: the arguments without the executable's name.
  /// - Returns: the exit status.
  public func run(arguments: [String]) async -> BenchExitCode {
    let command: BenchCommand
    do {
      command = try commandLine.parse(arguments, console: console)
    } catch {
      console.writeError(error.rendered(commandName: commandLine.spec.name))
      return .usage
    }
    switch command {
    case .help:
      console.writeOutput(commandLine.helpText)
      return .success
    case .list:
      console.writeOutput(listing())
      return .success
    case .subcommand(let subcommand, let invocation):
      return await subcommand.run(invocation)
    case .run(let options, let suites):
      guard !commandLine.suites.isEmpty else {
        console.writeOutput("No suites are registered.\n")
        return .success
      }
      guard !suites.isEmpty else {
        console.writeOutput("No suite runs by default; name one (see '\(commandLine.spec.name) list').\n")
        return .success
      }
      return await runSuites(suites, options: options)
    }
  }

  /// The `list` output: a header and one row per suite.
  func listing() -> String {
    var table = ResultTable(columns: ["SUITE", "DEFAULT", "SUMMARY"])
    for suite in commandLine.suites {
      table.append([suite.name, suite.runsByDefault ? "yes" : "no", suite.summary])
    }
    return TextTableWriter.render(table)
  }

  private func runSuites(_ suites: [any BenchSuite], options: BenchOptions) async -> BenchExitCode {
    let environment = captureEnvironment()
    if let banner = environment.comparabilityBanner {
      console.writeError(banner)
    }
    console.writeError(environment.summaryLines.map { $0 + "\n" }.joined())
    let estimate = suites.reduce(Duration.zero) { $0 + $1.estimatedDuration(for: options) }
    let names = suites.map(\.name).joined(separator: ", ")
    console.writeError(
      "Running \(names) (seed \(options.seed)\(options.quick ? ", quick" : "")); "
        + "estimated duration: about \(estimate.humanDescription).\n"
    )
    let directory: OutputDirectory
    do {
      directory = try OutputDirectory(preparing: options.outputDirectory)
    } catch {
      console.writeError("Error: \(error)\n")
      return .internalError
    }

    var exitCode = BenchExitCode.success
    var jsonSections: [String] = []
    var summarySections: [SummaryDocument.Section] = []
    let clock = ContinuousClock()
    for suite in suites {
      if interrupt.isRaised { break }
      let context = SuiteContext(
        options: options, environment: environment, progress: progress, interrupt: interrupt
      )
      progress.report(.suiteStarted(suite: suite.name, estimate: suite.estimatedDuration(for: options)))
      let start = clock.now
      let report: SuiteReport
      do {
        report = try await suite.run(in: context)
      } catch let error as UsageError {
        // A suite's own option that cannot be followed (a replay that does
        // not fit the scene): the command line's mistake, not the suite's.
        console.writeError(error.rendered(commandName: commandLine.spec.name))
        exitCode = exitCode.worse(.usage)
        continue
      } catch {
        console.writeError("Error: suite '\(suite.name)' failed: \(error)\n")
        exitCode = exitCode.worse(.internalError)
        continue
      }
      progress.report(.suiteFinished(suite: suite.name, elapsed: start.duration(to: clock.now)))
      exitCode = exitCode.worse(write(report, of: suite, environment: environment, into: directory))
      summarySections.append(
        SummaryDocument.Section(
          name: suite.name, summary: suite.summary, headline: report.headline, notes: report.notes,
          tables: report.tables.map(\.name), charts: suite.charts, isPartial: report.isPartial || interrupt.isRaised))
      if options.format == .json {
        jsonSections.append(jsonSection(report, of: suite))
      } else {
        console.writeOutput(humanSection(report, of: suite, format: options.format, verbose: options.verbose))
      }
      for violation in report.invariantViolations {
        console.writeError("[\(suite.name)] INVARIANT VIOLATED: \(violation)\n")
        exitCode = exitCode.worse(.invariantViolated)
      }
      for regression in report.regressions {
        console.writeError("[\(suite.name)] REGRESSION: \(regression)\n")
        exitCode = exitCode.worse(.performanceRegression)
      }
    }
    if options.format == .json {
      console.writeOutput("{\n" + jsonSections.joined(separator: ",\n") + "\n}\n")
    }
    // Every default suite ran (opt-in suites may have run beside them) and
    // gave its results, or the run was interrupted, which the page says:
    // the page is one run's, and leaves out no default suite. A suite that
    // failed leaves the last page as it was, rather than a page without it.
    let defaults = Set(commandLine.suites.filter(\.runsByDefault).map(\.name))
    if defaults.isSubset(of: suites.map(\.name)),
      interrupt.isRaised || defaults.isSubset(of: summarySections.map(\.name))
    {
      let document = SummaryDocument(
        environment: environment, seed: options.seed, quick: options.quick, sections: summarySections,
        interrupted: interrupt.isRaised)
      exitCode = exitCode.worse(writeSummary(document, into: directory))
    }
    console.writeError(Self.whereTheResultsAre(options.outputDirectory))
    if interrupt.isRaised {
      console.writeError("Interrupted: what was measured was written with partial=true.\n")
      exitCode = exitCode.worse(.interrupted)
    }
    return exitCode
  }

  /// The run's last line: where its files are, and how to set them beside
  /// the published run.
  package static func whereTheResultsAre(_ output: String) -> String {
    let published = BenchOptions.publishedResultsDirectory
    if output == published || output == published + "/" {
      return "Results published in \(output)/; git shows what changed.\n"
    }
    let compare = output == BenchOptions.defaultOutputDirectory ? "bench compare" : "bench compare \(output)"
    return "Results in \(output)/ (the published run in \(published)/ is left as it is); "
      + "`\(compare)` sets them beside it, `--output \(published)` publishes a run.\n"
  }

  private func write(
    _ report: SuiteReport,
    of suite: any BenchSuite,
    environment: BenchEnvironment,
    into directory: OutputDirectory
  ) -> BenchExitCode {
    let partial = report.isPartial || interrupt.isRaised
    var exitCode = BenchExitCode.success
    for named in report.tables {
      let path = directory.file("\(named.name).csv")
      do {
        try AtomicFileWriter.write(
          CSVWriter.render(named.table.appendingEnvironment(environment, partial: partial)), to: path
        )
        console.writeError("[\(suite.name)] wrote \(path)\n")
      } catch {
        console.writeError("Error: \(error)\n")
        exitCode = .internalError
      }
    }
    return exitCode
  }

  /// Writes `SUMMARY.md` after a run that includes every default suite.
  private func writeSummary(_ document: SummaryDocument, into directory: OutputDirectory) -> BenchExitCode {
    let path = directory.file(SummaryDocument.fileName)
    do {
      try AtomicFileWriter.write(document.render(), to: path)
      console.writeError("wrote \(path)\n")
      return .success
    } catch {
      console.writeError("Error: \(error)\n")
      return .internalError
    }
  }

  /// The suite's headline and notes: the compact ones, or under
  /// `--verbose` the long ones where the suite has them.
  private func humanSection(_ report: SuiteReport, of suite: any BenchSuite, format: OutputFormat, verbose: Bool)
    -> String
  {
    var text = format == .markdown ? "### \(suite.name)\n\n\(suite.summary)\n\n" : "\n\(suite.name): \(suite.summary)\n"
    if let headline = verbose ? report.verboseHeadline ?? report.headline : report.headline {
      text += format.render(headline)
    }
    let notes = verbose ? report.verboseNotes ?? report.notes : report.notes
    if !notes.isEmpty {
      text += (format == .markdown ? "\n" : "") + notes.map { $0 + "\n" }.joined()
    }
    return text
  }

  /// The suite's long headline and notes, as JSON: a program reads all of them.
  private func jsonSection(_ report: SuiteReport, of suite: any BenchSuite) -> String {
    let table = report.verboseHeadline ?? report.headline
    let headline = table.map { JSONWriter.render($0, indent: 4).dropLast() } ?? "[]"
    let notes = (report.verboseNotes ?? report.notes).map { "\n      " + JSONWriter.quote($0) }.joined(separator: ",")
    return """
        \(JSONWriter.quote(suite.name)): {
          "summary": \(JSONWriter.quote(suite.summary)),
          "partial": \(report.isPartial || interrupt.isRaised),
          "headline": \(headline),
          "notes": [\(notes)\(notes.isEmpty ? "" : "\n    ")]
        }
      """
  }
}
