/// A validated `bench` command line: what to do, with inputs that are known good.
public enum BenchCommand: Sendable {
  /// Print the help (`--help`, `-h`, `help`).
  case help
  /// Print the suites (`list`).
  case list
  /// Run these suites, in this order, with these options.
  case run(BenchOptions, suites: [any BenchSuite])
  /// Run an added subcommand.
  case subcommand(BenchSubcommand, BenchSubcommand.Invocation)
}
