/// The declaration of a whole command line: options, arguments and subcommands.
///
/// Options may appear anywhere, before or after a subcommand; which command
/// may use which option is the caller's rule (see ``BenchCommandLine``). The
/// root command's ``arguments`` apply when no subcommand is named.
/// ``CommandLineParser`` reads a command line against it and
/// ``HelpFormatter`` prints it, under ``optionSections`` when there are any.
public struct CommandSpec: Sendable {
  /// The executable's name, like `bench`.
  public var name: String
  /// One sentence for the help's `OVERVIEW:`.
  public var overview: String
  /// The root command's positional arguments.
  public var arguments: [ArgumentSpec]
  /// Every option, `-h, --help` excluded (it is always there).
  public var options: [OptionSpec]
  /// The subcommands.
  public var subcommands: [SubcommandSpec]
  /// How the help groups ``options``: every option in exactly one section,
  /// `-h, --help` added to the first. Empty for one `OPTIONS:` section.
  public var optionSections: [OptionSection]

  /// Creates a declaration.
  /// - Parameters:
  ///   - name: the executable's name.
  ///   - overview: one sentence for the help.
  ///   - arguments: the root command's positional arguments.
  ///   - options: the options; names must be unique and not `help`.
  ///   - subcommands: the subcommands; names must be unique.
  ///   - optionSections: how the help groups the options; empty for one section.
  public init(
    name: String,
    overview: String,
    arguments: [ArgumentSpec],
    options: [OptionSpec],
    subcommands: [SubcommandSpec],
    optionSections: [OptionSection] = []
  ) {
    let names = options.map(\.name) + ["help"]
    precondition(Set(names).count == names.count, "option names must be unique and not 'help': \(names)")
    precondition(Set(subcommands.map(\.name)).count == subcommands.count, "subcommand names must be unique")
    self.name = name
    self.overview = overview
    self.arguments = arguments
    self.options = options
    self.subcommands = subcommands
    if !optionSections.isEmpty {
      let grouped = optionSections.flatMap(\.optionNames)
      precondition(
        grouped.sorted() == names.dropLast().sorted(), "every option must be in exactly one section: \(grouped)")
    }
    self.optionSections = optionSections
  }

  /// The `-h, --help` flag every command has.
  public static let helpOption = OptionSpec.flag("help", shortName: "h", help: "Show help information.")

  /// The root usage line, like `bench [<suite> ...] [<options>]`.
  public var usage: String {
    ([name] + arguments.map(\.usage) + ["[<options>]"]).joined(separator: " ")
  }

  /// The usage line of the subcommand called `subcommand`, like `bench compare <baseline> <current>`.
  /// - Parameter subcommand: the subcommand.
  /// - Returns: its usage line.
  public func usage(of subcommand: SubcommandSpec) -> String {
    ([name, subcommand.name] + subcommand.arguments.map(\.usage)).joined(separator: " ")
  }

  func option(named name: String) -> OptionSpec? {
    name == "help" ? Self.helpOption : options.first { $0.isNamed(name) }
  }
}

/// A titled group of options in the help, like `COMPARE OPTIONS:`.
public struct OptionSection: Sendable, Equatable {
  /// The heading without its colon, like `COMPARE OPTIONS`.
  public var title: String
  /// The long names of its options, in the order shown.
  public var optionNames: [String]

  /// Declares a section.
  /// - Parameters:
  ///   - title: the heading without its colon.
  ///   - optionNames: the long names of its options, in the order shown.
  public init(_ title: String, optionNames: [String]) {
    self.title = title
    self.optionNames = optionNames
  }
}
