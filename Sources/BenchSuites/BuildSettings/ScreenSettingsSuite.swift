import BenchKit
import Foundation

/// Suite `screen-settings`: what each concurrency setting of the
/// build-settings ladder, from Swift 5 minimal checking to Xcode 26's
/// defaults, does to the user's own package.
///
/// `bench screen-settings --package PATH --screens TARGET` reads the
/// package with `swift package describe`, builds the screens target once as
/// the manifest stands (which builds the packages it imports), then compiles
/// the screens target and the package's own targets it depends on under
/// every rung (see ``UserRungBuilder``). One row per rung: whether it
/// builds, the target that stopped it, its errors and warnings, by kind and
/// by file, and the first three quoted. A rung that does not build is a row
/// that says so, never an abort. Under each rung that builds, every screen
/// description the screens target declares is checked in systematic mode
/// as the rung compiled it (``UserRungBuilder/checkScreens(_:of:modules:)``),
/// one row per rung and screen in `screen-settings-outcomes.csv`.
///
/// A path with no package, a manifest that does not load, a target the
/// package does not have, or a package that does not build as it stands is
/// one line and exit 64. Builds are cached under the package's
/// `.build/build-settings/`.
struct ScreenSettingsSuite: BenchSuite {
  let name = "screen-settings"
  let summary =
    "Your own package's targets under each concurrency setting, Swift 5 to Xcode 26's defaults: what builds, every diagnostic by kind and file, each screen's outcome table (opt-in; --package and --screens)."
  let standardOptions: Set<String> = []
  let runsByDefault = false

  /// `--package`: the folder of the package holding the screens.
  static let package = SuiteOption<String?>(
    "package", valueName: "path",
    help: "The folder of your package, whose own targets are compiled under each setting",
    absent: "none"
  ) { text throws(InvalidValue) in
    guard !text.isEmpty else { throw InvalidValue("expected a folder") }
    return text
  }
  /// `--screens`: the target holding the screen descriptions.
  static let screens = SuiteOption<String?>(
    "screens", valueName: "target",
    help:
      "The target of --package holding your screen descriptions; it and the package's targets it imports are compiled",
    absent: "none"
  ) { text throws(InvalidValue) in
    guard !text.isEmpty else { throw InvalidValue("expected a target's name") }
    return text
  }

  var options: [OptionSpec] { [Self.package.spec, Self.screens.spec] }

  /// A first run: SwiftPM's release build of what the screens import
  /// (most of it), then each setting's compilation of the package's own
  /// targets; once SwiftPM's build is in the package's cache, seconds per
  /// setting at most (2 min 45 s and 2.4 s for Examples/SearchScreen).
  func estimatedDuration(for options: BenchOptions) -> Duration {
    let rungs = BuildSettingsRung.ladder.count
    guard let path = options[Self.package],
      FileManager.default.fileExists(
        atPath: URL(fileURLWithPath: path).appendingPathComponent(".build/build-settings/swiftpm").path)
    else { return .seconds(90) + .seconds(10) * rungs }
    return .seconds(3) + .seconds(2) * rungs
  }

  static let usage = "bench screen-settings --package <path> --screens <target> [<options>]"

  func run(in context: SuiteContext) async throws -> SuiteReport {
    guard let path = context.options[Self.package], let screens = context.options[Self.screens] else {
      throw UsageError("screen-settings needs --package <path> and --screens <target>", usage: Self.usage)
    }
    let compiler = try SwiftCompiler.locate()
    context.progress.report(.note("compiler: \(compiler.path), \(compiler.version)"))
    let builder: UserRungBuilder
    let modules: [URL]
    do {
      builder = UserRungBuilder(
        package: try UserPackage.load(at: path, screens: screens, swift: compiler.swift), compiler: compiler)
      let ladder = BuildSettingsRung.ladder
      context.progress.report(.phaseStarted(phase: "compiling", totalSteps: ladder.count + 1))
      context.progress.report(
        .note("building \(screens) as its manifest stands, for the modules it imports (SwiftPM, release)"))
      modules = try builder.buildDependencies()
    } catch let error as UserPackageError {
      throw UsageError(error.description, usage: Self.usage)
    }
    context.progress.report(.stepsCompleted(1, of: BuildSettingsRung.ladder.count + 1))

    let screenNames = try builder.package.screenNames()
    context.progress.report(
      .note(
        screenNames.isEmpty
          ? "no `public let <name> = ScreenDescription(` in \(screens): compiling only"
          : "screens to check under each setting that builds: \(screenNames.joined(separator: ", "))"))
    var table = ScreenSettingsTable(package: builder.package, compiler: compiler)
    for (index, rung) in BuildSettingsRung.ladder.enumerated() {
      if context.interrupt.isRaised { break }
      let targets = builder.package.chain.map(\.name).joined(separator: ", ")
      context.progress.report(.note("compiling \(targets) under \(rung.id): \(rung.flagText)"))
      let build = try builder.build(rung, modules: modules)
      table.add(build)
      if build.builds && !screenNames.isEmpty {
        context.progress.report(.note("checking \(screenNames.joined(separator: ", ")) as \(rung.id) compiled them"))
        table.add(try builder.checkScreens(screenNames, of: build, modules: modules), of: build)
      }
      context.progress.report(.stepsCompleted(index + 2, of: BuildSettingsRung.ladder.count + 1))
    }
    return SuiteReport(
      tables: [.init(name: name, table: table.rows), .init(name: "\(name)-outcomes", table: table.outcomes)],
      headline: table.headline, notes: table.notes,
      isPartial: table.rows.rows.count < BuildSettingsRung.ladder.count)
  }
}

/// The screen-settings suite's results: one row per rung.
struct ScreenSettingsTable {
  static let columns = [
    "package", "screens", "setting", "title", "flags", "builds", "stopped_at", "errors", "warnings", "kinds",
    "files", "first_diagnostics",
  ]
  static let headlineColumns = ["setting", "builds", "errors", "warnings", "kinds"]

  private(set) var rows = ResultTable(columns: columns)
  private(set) var headline = ResultTable(columns: headlineColumns)
  static let outcomeColumns = [
    "package", "setting", "screen", "orderings", "forbidden", "outcomes", "deeper_orderings", "deeper_forbidden",
    "violations", "error",
  ]

  private(set) var outcomes = ResultTable(columns: outcomeColumns)
  private(set) var notes: [String] = []
  private let package: UserPackage

  init(package: UserPackage, compiler: SwiftCompiler) {
    self.package = package
    notes.append(
      "compiler: \(compiler.version); compiled under each setting: "
        + package.chain.map(\.name).joined(separator: ", ") + " of \(package.root.path)")
  }

  mutating func add(_ build: UserRungBuilder.Build) {
    let diagnostics = build.diagnostics
    let first = diagnostics.diagnostics.prefix(3).map {
      "\($0.location): \($0.severity.rawValue): \($0.message)"
    }
    rows.append([
      package.identity, package.screens.name, build.rung.id, build.rung.title, build.rung.flagText,
      build.builds ? "1" : "0", build.failedTarget ?? "", String(diagnostics.errors), String(diagnostics.warnings),
      diagnostics.kindSummary, diagnostics.fileSummary, first.joined(separator: "; "),
    ])
    headline.append([
      build.rung.id, build.builds ? "yes" : "no (\(build.failedTarget ?? ""))", String(diagnostics.errors),
      String(diagnostics.warnings), diagnostics.kindSummary,
    ])
    if let target = build.failedTarget {
      notes.append("\(build.rung.id) does not build: \(target) stops it: \(first.first ?? "no diagnostic printed")")
    }
  }

  /// Each screen's systematic outcome table under `build`'s setting.
  mutating func add(_ screens: [UserRungBuilder.ScreenOutcomes], of build: UserRungBuilder.Build) {
    for screen in screens {
      outcomes.append([
        package.identity, build.rung.id, screen.screen, String(screen.trials), String(screen.forbidden),
        screen.outcomes, String(screen.deeperOrderings), String(screen.deeperForbidden), String(screen.violations),
        screen.error,
      ])
    }
  }
}
