/// A subcommand added to `bench` by declaration, like `compare <baseline> <current>`.
///
/// Its arguments are counted by the parser from ``spec``, checked by
/// ``validate`` before anything runs, then handed to ``run``, which returns
/// the exit status.
public struct BenchSubcommand: Sendable {
  /// What is passed to a subcommand's ``BenchSubcommand/run``.
  public struct Invocation: Sendable {
    /// The positional arguments, in declaration order.
    public var arguments: [String]
    /// The validated options (global and suite-declared).
    public var options: BenchOptions
    /// Where to print.
    public var console: any Console
  }

  /// The name, abstract and arguments, for parsing and help.
  public var spec: SubcommandSpec
  /// Options only this subcommand reads, like `--threshold`; added to the command line.
  public var options: [OptionSpec]
  /// The names of the standard options it also reads, like `seed`; any
  /// other standard option given with it is refused.
  public var standardOptions: Set<String>
  /// Checks the arguments; a thrown reason becomes the `Error:` line and exit 64.
  public var validate: @Sendable (_ arguments: [String]) throws(InvalidValue) -> Void
  /// Does the work and returns the exit status.
  public var run: @Sendable (_ invocation: Invocation) async -> BenchExitCode

  /// Declares a subcommand.
  /// - Parameters:
  ///   - spec: name, abstract and arguments.
  ///   - options: options only it reads.
  ///   - standardOptions: the names of the standard options it also reads.
  ///   - validate: checks the arguments, throwing the reason they are refused.
  ///   - run: does the work and returns the exit status.
  public init(
    spec: SubcommandSpec,
    options: [OptionSpec] = [],
    standardOptions: Set<String> = [],
    validate: @escaping @Sendable (_ arguments: [String]) throws(InvalidValue) -> Void = { _ throws(InvalidValue) in },
    run: @escaping @Sendable (_ invocation: Invocation) async -> BenchExitCode
  ) {
    self.spec = spec
    self.options = options
    self.standardOptions = standardOptions
    self.validate = validate
    self.run = run
  }
}
