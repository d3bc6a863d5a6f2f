import BenchKit
import Foundation
import Testing

@Suite struct SuiteOptionTests {
  /// Which modes a suite runs, as an enumeration option.
  enum Mode: String, CaseIterable {
    case both, stress, systematic
  }

  /// How many times ``countedTaps`` parsed a value.
  static let parses = CallRecorder()

  static let taps = SuiteOption(
    "taps", valueName: "n", help: "Taps per trial, from 2 to 5", default: 2
  ) { text throws(InvalidValue) in
    guard let taps = Int(text), (2...5).contains(taps) else { throw InvalidValue("expected an integer from 2 to 5") }
    return taps
  }
  static let mode = SuiteOption("mode", valueName: "mode", help: "Which modes to run", default: Mode.both)
  static let server = SuiteOption(
    "server", valueName: "url", help: "A server to run against", absent: "the in-process mock"
  ) { text throws(InvalidValue) in
    guard let url = URL(string: text), url.scheme == "http" else { throw InvalidValue("expected an http:// URL") }
    return url
  }
  static let strict = SuiteFlag("strict", help: "Fail on any slowdown")
  /// Records each parse, to show that reading does not parse again.
  static let countedTaps = SuiteOption(
    "counted", valueName: "n", help: "Counted", default: 0
  ) { text throws(InvalidValue) in
    parses.record(text)
    return try ValueParser.positiveInteger(text)
  }

  static let commandLine = BenchCommandLine(
    overview: "O.",
    suites: [StubSuite(name: "refetch", options: [taps.spec, mode.spec, server.spec, strict.spec, countedTaps.spec])]
  )

  static func options(_ arguments: [String]) throws -> BenchOptions {
    guard
      case .run(let options, _) = try commandLine.parse(
        arguments + ["--output", FileManager.default.temporaryDirectory.path])
    else {
      Issue.record("expected a run")
      return BenchOptions()
    }
    return options
  }

  @Test func theDefaultIsReadWhenTheOptionIsNotGiven() throws {
    let options = try Self.options([])
    #expect(options[Self.taps] == 2)
    #expect(options[Self.mode] == .both)
    #expect(options[Self.server] == nil)
    #expect(options[Self.strict] == false)
    #expect(BenchOptions()[Self.taps] == 2)
  }

  @Test func theParsedValueIsReadWhenTheOptionIsGiven() throws {
    let options = try Self.options(["--taps", "4", "--mode=systematic", "--server", "http://h:8080", "--strict"])
    #expect(options[Self.taps] == 4)
    #expect(options[Self.mode] == .systematic)
    #expect(options[Self.server] == URL(string: "http://h:8080"))
    #expect(options[Self.strict])
  }

  /// An option renamed keeps its old name as an alias: either name sets it,
  /// the help names the alias, and a value refused names the option.
  @Test func anAliasSetsTheOptionItNames() throws {
    let actions = SuiteOption("actions", valueName: "n", help: "Actions", default: 2, aliases: ["taps"]) {
      text throws(InvalidValue) in try ValueParser.positiveInteger(text)
    }
    let commandLine = BenchCommandLine(overview: "O.", suites: [StubSuite(name: "refetch", options: [actions.spec])])
    for arguments in [["--actions", "3"], ["--taps", "3"], ["--taps=3"]] {
      guard case .run(let options, _) = try commandLine.parse(arguments) else {
        Issue.record("expected a run: \(arguments)")
        continue
      }
      #expect(options[actions] == 3, "\(arguments)")
    }
    #expect(actions.spec.help == "Actions (default: 2; also --taps).")
    #expect(throws: UsageError.self) { try commandLine.parse(["--tap", "3"]) }
  }

  /// Validation parses once and keeps the value: reading it again and again does not parse.
  @Test func readingDoesNotParseAgain() throws {
    let before = Self.parses.calls.count
    let options = try Self.options(["--counted", "7"])
    #expect(Self.parses.calls.count == before + 1)
    #expect((1...3).map { _ in options[Self.countedTaps] } == [7, 7, 7])
    #expect(Self.parses.calls.count == before + 1)
  }

  /// A refused value gives the same one-line error as a hand-written
  /// validator did: the parser's reason after the option's label.
  @Test(arguments: [
    (["--taps", "6"], "The value '6' is invalid for '--taps <n>': expected an integer from 2 to 5"),
    (["--taps=two"], "The value 'two' is invalid for '--taps <n>': expected an integer from 2 to 5"),
    (["--mode", "all"], "The value 'all' is invalid for '--mode <mode>': expected both, stress or systematic"),
    (["--server", "ftp://h"], "The value 'ftp://h' is invalid for '--server <url>': expected an http:// URL"),
    (["--strict=yes"], "The option '--strict' does not take a value"),
  ])
  func anInvalidValueIsRefusedAtValidation(arguments: [String], message: String) {
    #expect(throws: UsageError(message, usage: "bench [<suite> ...] [<options>]")) {
      try Self.commandLine.parse(arguments)
    }
  }

  /// The help sentence ends with the default, shown as declared.
  @Test func theHelpLineComesFromTheDeclaration() {
    #expect(Self.taps.spec.help == "Taps per trial, from 2 to 5 (default: 2).")
    #expect(Self.mode.spec.help == "Which modes to run (default: both).")
    #expect(Self.server.spec.help == "A server to run against (default: the in-process mock).")
    #expect(Self.strict.spec.help == "Fail on any slowdown (default: off).")
    #expect(Self.taps.spec.label == "--taps <n>" && Self.strict.spec.label == "--strict" && Self.strict.spec.isFlag)
    let help = Self.commandLine.helpText
    #expect(
      help.contains(
        """
        REFETCH OPTIONS:
          --taps <n>              Taps per trial, from 2 to 5 (default: 2).
          --mode <mode>           Which modes to run (default: both).
          --server <url>          A server to run against (default: the in-process
                                  mock).
          --strict                Fail on any slowdown (default: off).

        """))
  }

  @Test func settingAValueStandsForGivingIt() {
    var options = BenchOptions()
    options[Self.taps] = 5
    options[Self.strict] = true
    #expect(options[Self.taps] == 5 && options[Self.strict])
    options[Self.strict] = false
    #expect(!options[Self.strict])
  }

  /// Two suites may list one option (like `--base-url`); declarations of
  /// one name that disagree are a programming error, caught when the
  /// command line is built rather than when a value is read.
  @Test func twoDifferentDeclarationsOfOneNameAreRefused() async {
    await #expect(processExitsWith: .failure) {
      let text = SuiteOption("taps", valueName: "n", help: "Taps per trial, from 2 to 5", absent: "two") {
        text throws(InvalidValue) in text
      }
      _ = BenchCommandLine(
        overview: "O.",
        suites: [
          StubSuite(name: "a", options: [SuiteOptionTests.taps.spec]), StubSuite(name: "b", options: [text.spec]),
        ]
      )
    }
  }

  @Test(arguments: [(0.05, "5%"), (0.5, "50%"), (0.025, "2.5%"), (0.8, "80%")])
  func percentagesAreShownAsTheyAreWritten(fraction: Double, text: String) throws {
    #expect(ValueParser.percentageText(fraction) == text)
    #expect(try ValueParser.percentage(text) == fraction)
  }

  @Test func anEnumerationsChoicesAreItsCasesInOrder() throws {
    #expect(try ValueParser.choice("stress", of: Mode.self) == .stress)
    #expect(throws: InvalidValue("expected both, stress or systematic")) {
      try ValueParser.choice("Stress", of: Mode.self)
    }
  }
}
