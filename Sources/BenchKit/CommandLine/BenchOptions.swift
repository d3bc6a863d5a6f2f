/// The validated options of a `bench` run, handed to every suite.
///
/// `nil` means "not given": each suite then uses its own default, or its
/// quick default when ``quick`` is set. The helpers below apply that rule so
/// suites do not repeat it. Options that suites declare themselves
/// (``SuiteOption``, ``SuiteFlag``) are read, already parsed, through the
/// subscripts.
public struct BenchOptions: Sendable {
  /// `--quick`: use the smaller counts and grids each suite chooses.
  public var quick = false
  /// `--iterations N`: measured iterations per variant.
  public var iterations: Int?
  /// `--warmup N`: warm-up iterations per variant.
  public var warmUpIterations: Int?
  /// `--max-time DURATION`: cap on a suite's measuring wall time.
  public var maxTime: Duration?
  /// `--latency D[,D...]`: simulated latencies to measure at.
  public var latencies: [Duration]?
  /// `--jitter`: measure only jittered simulated latencies, not the suite's default mix.
  public var jitter = false
  /// `--seed N`: the seed of every random choice.
  public var seed: UInt64 = BenchOptions.defaultSeed
  /// `--output DIR`: where CSV files are written.
  public var outputDirectory = BenchOptions.defaultOutputDirectory
  /// `--format`: how results printed to standard output are formatted.
  public var format = OutputFormat.table
  /// Parsed values of the ``SuiteOption``s that were given, by option name.
  var suiteValues: [String: any Sendable] = [:]
  /// The ``SuiteFlag``s that were given.
  var flagsGiven: Set<String> = []

  /// The seed used when `--seed` is not given.
  public static let defaultSeed: UInt64 = 42
  /// The output directory used when `--output` is not given.
  public static let defaultOutputDirectory = "Results"

  /// Creates the defaults: nothing given.
  public init() {}

  /// The value of a suite-declared option: the one parsed at validation if
  /// it was given, else its default.
  ///
  /// Setting it stands for giving the option (tests build options this way).
  /// - Parameter option: the declaration.
  public subscript<Value>(option: SuiteOption<Value>) -> Value {
    get {
      // Validation stored a `Value` under this name: the command line accepts
      // two declarations of one name only if their value types agree.
      (suiteValues[option.name] as? Value) ?? option.defaultValue
    }
    set {
      suiteValues[option.name] = newValue
    }
  }

  /// Whether a suite-declared flag was given.
  ///
  /// Setting it stands for giving the flag or leaving it out.
  /// - Parameter flag: the declaration.
  public subscript(flag: SuiteFlag) -> Bool {
    get {
      flagsGiven.contains(flag.name)
    }
    set {
      if newValue { flagsGiven.insert(flag.name) } else { flagsGiven.remove(flag.name) }
    }
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
  /// - Parameters:
  ///   - standard: the suite's configuration.
  ///   - quick: the suite's configuration under `--quick`.
  /// - Returns: the chosen one with `--iterations`, `--warmup`, `--max-time`
  ///   and `--seed` applied.
  public func runnerConfiguration(standard: RunnerConfiguration, quick: RunnerConfiguration) -> RunnerConfiguration {
    var configuration = self.quick ? quick : standard
    configuration.iterations = iterations ?? configuration.iterations
    configuration.warmUpIterations = warmUpIterations ?? configuration.warmUpIterations
    configuration.maxTime = maxTime ?? configuration.maxTime
    configuration.seed = seed
    return configuration
  }
}
