import BenchKit

/// A suite whose behaviour a test chooses, for driver tests.
struct StubSuite: BenchSuite {
  var name = "stub"
  var summary = "A suite for tests."
  var runsByDefault = true
  var options: [OptionSpec] = []
  var standardOptions = BenchCommandLine.standardOptionNames
  var charts: [String] = []
  var estimate = Duration.seconds(3)
  var behaviour: @Sendable (SuiteContext) async throws -> SuiteReport = { _ in
    SuiteReport(tables: [], headline: nil)
  }

  func estimatedDuration(for options: BenchOptions) -> Duration {
    estimate
  }

  func run(in context: SuiteContext) async throws -> SuiteReport {
    try await behaviour(context)
  }
}
