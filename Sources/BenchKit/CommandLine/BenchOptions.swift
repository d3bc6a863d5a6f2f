/// The validated options of a `bench` run, handed to every suite.
///
/// Every option, standard or declared by a suite, is a ``SuiteOption`` or a
/// ``SuiteFlag``: validation parses each given value once and keeps it, and
/// the subscripts read it back typed, or the declared default. The standard
/// options also have properties, like ``iterations``.
///
/// For the standard counts and grids `nil` means "not given": each suite
/// then uses its own default, or its quick default when ``quick`` is set.
/// The helpers below apply that rule so suites do not repeat it.
public struct BenchOptions: Sendable {
  /// The parsed values of the options that were given, by option name;
  /// `true` for a flag.
  var values: [String: any Sendable] = [:]

  /// The seed used when `--seed` is not given.
  public static let defaultSeed: UInt64 = 42
  /// The output directory used when `--output` is not given: inside the
  /// package's `.build`, which git ignores in every SwiftPM package, so
  /// that a local run never overwrites the published results.
  public static let defaultOutputDirectory = ".build/bench-results"
  /// Where a package keeps its published run, the baseline `bench compare`
  /// uses when it is given no baseline: `Results`, written only when asked
  /// (`--output Results`).
  public static let publishedResultsDirectory = "Results"

  /// Creates the defaults: nothing given.
  public init() {}

  /// The value of an option: the one parsed at validation if it was given,
  /// else its default.
  ///
  /// Setting it stands for giving the option (tests build options this way).
  /// - Parameter option: the declaration.
  public subscript<Value>(option: SuiteOption<Value>) -> Value {
    get {
      // Validation stored a `Value` under this name: the command line accepts
      // two declarations of one name only if their value types agree.
      (values[option.name] as? Value) ?? option.defaultValue
    }
    set {
      values[option.name] = newValue
    }
  }

  /// Whether a flag was given.
  ///
  /// Setting it stands for giving the flag or leaving it out.
  /// - Parameter flag: the declaration.
  public subscript(flag: SuiteFlag) -> Bool {
    get {
      (values[flag.name] as? Bool) ?? false
    }
    set {
      values[flag.name] = newValue ? true : nil
    }
  }

  /// `--quick`: use the smaller counts and grids each suite chooses.
  public var quick: Bool {
    get { self[Self.quickFlag] }
    set { self[Self.quickFlag] = newValue }
  }
  /// `--thorough`: the fixed, larger counts instead of precision targets.
  public var thorough: Bool {
    get { self[Self.thoroughFlag] }
    set { self[Self.thoroughFlag] = newValue }
  }
  /// `--verbose`: print the long tables instead of the compact ones.
  public var verbose: Bool {
    get { self[Self.verboseFlag] }
    set { self[Self.verboseFlag] = newValue }
  }
  /// `--iterations N`: measured iterations per variant.
  public var iterations: Int? {
    get { self[Self.iterationsOption] }
    set { self[Self.iterationsOption] = newValue }
  }
  /// `--warmup N`: warm-up iterations per variant.
  public var warmUpIterations: Int? {
    get { self[Self.warmUpOption] }
    set { self[Self.warmUpOption] = newValue }
  }
  /// `--max-time DURATION`: cap on a suite's measuring wall time.
  public var maxTime: Duration? {
    get { self[Self.maxTimeOption] }
    set { self[Self.maxTimeOption] = newValue }
  }
  /// `--latency D[,D...]`: simulated latencies to measure at.
  public var latencies: [Duration]? {
    get { self[Self.latencyOption] }
    set { self[Self.latencyOption] = newValue }
  }
  /// `--jitter`: measure only jittered simulated latencies, not the suite's default mix.
  public var jitter: Bool {
    get { self[Self.jitterFlag] }
    set { self[Self.jitterFlag] = newValue }
  }
  /// `--seed N`: the seed of every random choice.
  public var seed: UInt64 {
    get { self[Self.seedOption] }
    set { self[Self.seedOption] = newValue }
  }
  /// `--output DIR`: where CSV files are written.
  public var outputDirectory: String {
    get { self[Self.outputOption] }
    set { self[Self.outputOption] = newValue }
  }
  /// `--format`: how results printed to standard output are formatted.
  public var format: OutputFormat {
    get { self[Self.formatOption] }
    set { self[Self.formatOption] = newValue }
  }

  /// `--iterations` if given, else the suite's standard or quick count.
  /// - Parameters:
  ///   - standard: the suite's default.
  ///   - quick: the suite's default under `--quick`.
  /// - Returns: the count to use.
  public func iterations(standard: Int, quick: Int) -> Int {
    iterations ?? (self.quick ? quick : standard)
  }

  /// `--warmup` if given, else the suite's standard or quick count.
  /// - Parameters:
  ///   - standard: the suite's default.
  ///   - quick: the suite's default under `--quick`.
  /// - Returns: the count to use.
  public func warmUpIterations(standard: Int, quick: Int) -> Int {
    warmUpIterations ?? (self.quick ? quick : standard)
  }

  /// `--max-time` if given, else the suite's standard or quick cap.
  /// - Parameters:
  ///   - standard: the suite's default.
  ///   - quick: the suite's default under `--quick`.
  /// - Returns: the cap to use.
  public func maxTime(standard: Duration, quick: Duration) -> Duration {
    maxTime ?? (self.quick ? quick : standard)
  }

  /// `--latency` if given, else the suite's standard or quick grid.
  /// - Parameters:
  ///   - standard: the suite's default grid.
  ///   - quick: the suite's default grid under `--quick`.
  /// - Returns: the latencies to use.
  public func latencies(standard: [Duration], quick: [Duration]) -> [Duration] {
    latencies ?? (self.quick ? quick : standard)
  }

  /// A runner configuration from the suite's defaults and these options.
  ///
  /// `--iterations` asks for exactly that many samples: it drops the
  /// configuration's precision target.
  /// - Parameters:
  ///   - standard: the suite's configuration.
  ///   - quick: the suite's configuration under `--quick`.
  ///   - thorough: the suite's configuration under `--thorough`; the
  ///     standard one if `nil`.
  /// - Returns: the chosen one with `--iterations`, `--warmup`, `--max-time`
  ///   and `--seed` applied.
  public func runnerConfiguration(
    standard: RunnerConfiguration, quick: RunnerConfiguration, thorough: RunnerConfiguration? = nil
  ) -> RunnerConfiguration {
    var configuration = self.quick ? quick : self.thorough ? thorough ?? standard : standard
    if let iterations {
      configuration.iterations = iterations
      configuration.precision = nil
    }
    configuration.warmUpIterations = warmUpIterations ?? configuration.warmUpIterations
    configuration.maxTime = maxTime ?? configuration.maxTime
    configuration.seed = seed
    return configuration
  }
}
