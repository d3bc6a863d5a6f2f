import BenchKit
import Foundation
import ScreenChecks

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
/// as the rung compiled it (``UserRungBuilder/checkScreens(_:of:modules:costs:)``),
/// one row per rung and screen in `screen-settings-outcomes.csv`; then each
/// screen's cost run (`ScreenDescription.measureCosts`) measures every action
/// at each `--payload-sizes` beside the floor: the main actor's busy time,
/// its longest stretch, frames missed at 60 and 120 Hz, time to result,
/// CPU time off the main actor, and where the work that grows with the
/// payload ran, one row per rung, screen, action and size in
/// `screen-settings-costs.csv`.
///
/// A path with no package, a manifest that does not load, a target the
/// package does not have, or a package that does not build as it stands is
/// one line and exit 64. Builds are cached under the package's
/// `.build/build-settings/`.
struct ScreenSettingsSuite: BenchSuite {
  let name = "screen-settings"
  let summary =
    "Your own package's targets under each concurrency setting, Swift 5 to Xcode 26's defaults: what builds, every diagnostic by kind and file, each screen's outcome table, and what each action costs the main actor and where its payload work ran (opt-in; --package and --screens)."
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

  /// `--payload-sizes`: the items each answer carries in the cost runs.
  static let payloadSizes = SuiteOption<[Int]>(
    "payload-sizes", valueName: "n,n,…",
    help: "Items per answer in each screen's cost run, one series per size; none to check only",
    default: ScreenCostOptions().payloadSizes, shownAs: "10,1000,10000"
  ) { text throws(InvalidValue) in
    if text == "none" { return [] }
    let sizes = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
    guard !sizes.isEmpty, sizes.allSatisfy({ ($0 ?? -1) >= 0 }) else {
      throw InvalidValue("expected sizes like 10,100,1000, or none")
    }
    return sizes.compactMap { $0 }
  }
  /// `--repetitions`: how often each action is measured at each size.
  static let repetitions = SuiteOption<Int>(
    "repetitions", valueName: "n", help: "Measurements of each action at each payload size, from 1 to 1000",
    default: ScreenCostOptions().repetitions
  ) { text throws(InvalidValue) in
    guard let count = Int(text), (1...1_000).contains(count) else { throw InvalidValue("expected 1 to 1000") }
    return count
  }

  /// `--only`: the screens to check and measure, of those the target declares.
  static let only = SuiteOption<[String]>(
    "only", valueName: "name,name,…",
    help: "The screen descriptions of --screens to check and measure, by their names in the target",
    default: [], shownAs: "every one the target declares"
  ) { text throws(InvalidValue) in
    let names = text.split(separator: ",").map(String.init)
    guard !names.isEmpty else { throw InvalidValue("expected names of screen descriptions, like searchScreen") }
    return names
  }

  var options: [OptionSpec] {
    [Self.package.spec, Self.screens.spec, Self.only.spec, Self.payloadSizes.spec, Self.repetitions.spec]
  }

  /// The screens `only` names, in the target's order; all of them when it names none.
  /// - Throws: a ``UsageError`` naming the first one the target does not declare, and those it does.
  static func chosen(_ only: [String], from declared: [String], in target: String) throws -> [String] {
    guard !only.isEmpty else { return declared }
    if let missing = only.first(where: { !declared.contains($0) }) {
      let those = declared.isEmpty ? "none" : declared.joined(separator: ", ")
      throw UsageError("--only \(missing): \(target) declares no such screen; it declares \(those)", usage: usage)
    }
    return declared.filter { only.contains($0) }
  }

  /// A first run: SwiftPM's release build of what the screens import,
  /// then per setting its compilation and driver; every run: per setting
  /// and screen, the check and the cost run (9 s each at the default sizes
  /// and repetitions). Examples/SearchScreen, two screens: 4 min 25 s with
  /// an empty cache, 2 min 28 s cached. The screens are counted where
  /// SwiftPM looks by default, `Sources/<target>`; `--only` narrows them;
  /// without payload sizes, a check is 4 s.
  func estimatedDuration(for options: BenchOptions) -> Duration {
    let rungs = BuildSettingsRung.ladder.count
    guard let path = options[Self.package] else { return .seconds(90) + .seconds(14) * rungs }
    let root = URL(fileURLWithPath: path)
    var screens = options[Self.only].count
    if screens == 0, let target = options[Self.screens] {
      screens = Self.declaredScreens(under: root.appendingPathComponent("Sources/\(target)"))
    }
    let perScreen: Duration = options[Self.payloadSizes].isEmpty ? .seconds(4) : .seconds(9)
    let checks = perScreen * (max(screens, 1) * rungs)
    let cached = FileManager.default.fileExists(
      atPath: root.appendingPathComponent(".build/build-settings/swiftpm").path)
    return cached ? .seconds(5) + checks : .seconds(90) + .seconds(5) * rungs + checks
  }

  /// How many `= ScreenDescription(` the Swift files under `folder` hold.
  static func declaredScreens(under folder: URL) -> Int {
    guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return 0 }
    var count = 0
    for case let file as URL in files where file.pathExtension == "swift" {
      let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
      count += text.components(separatedBy: "= ScreenDescription(").count - 1
    }
    return count
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

    let declared = try builder.package.screenNames()
    let screenNames = try Self.chosen(context.options[Self.only], from: declared, in: screens)
    context.progress.report(
      .note(
        screenNames.isEmpty
          ? "no `public let <name> = ScreenDescription(` in \(screens): compiling only"
          : "screens to check under each setting that builds: \(screenNames.joined(separator: ", "))"))
    let sizes = context.options[Self.payloadSizes]
    let costs =
      sizes.isEmpty ? nil : ScreenCostOptions(payloadSizes: sizes, repetitions: context.options[Self.repetitions])
    var table = ScreenSettingsTable(package: builder.package, compiler: compiler)
    for (index, rung) in BuildSettingsRung.ladder.enumerated() {
      if context.interrupt.isRaised { break }
      let targets = builder.package.chain.map(\.name).joined(separator: ", ")
      context.progress.report(.note("compiling \(targets) under \(rung.id): \(rung.flagText)"))
      let build = try builder.build(rung, modules: modules)
      table.add(build)
      if build.builds && !screenNames.isEmpty {
        context.progress.report(.note("checking \(screenNames.joined(separator: ", ")) as \(rung.id) compiled them"))
        table.add(try builder.checkScreens(screenNames, of: build, modules: modules, costs: costs), of: build)
      }
      context.progress.report(.stepsCompleted(index + 2, of: BuildSettingsRung.ladder.count + 1))
    }
    return SuiteReport(
      tables: [
        .init(name: name, table: table.rows), .init(name: "\(name)-outcomes", table: table.outcomes),
        .init(name: "\(name)-costs", table: table.costs),
      ],
      headline: table.headline, notes: table.notes,
      isPartial: table.rows.rows.count < BuildSettingsRung.ladder.count)
  }
}

extension ScreenSettingsTable {
  /// A screen's outcome table in one line: `searchScreen: 136 orderings,
  /// 0 forbidden (latest-only 136); deeper: 1439 orderings, 0 forbidden`.
  static func outcomeLine(_ screen: UserRungBuilder.ScreenOutcomes) -> String {
    guard screen.error.isEmpty else { return "\(screen.screen): not checked: \(screen.error)" }
    var line =
      "\(screen.screen): \(screen.trials) orderings, \(screen.forbidden) forbidden (\(screen.outcomes))"
    if screen.deeperOrderings > 0 {
      line += "; one preemption deeper \(screen.deeperOrderings) orderings, \(screen.deeperForbidden) forbidden"
    }
    return line
  }
}

/// The screen-settings suite's results: one row per rung.
struct ScreenSettingsTable {
  static let columns = [
    "package", "screens", "setting", "title", "flags", "builds", "stopped_at", "errors", "warnings", "kinds",
    "files", "first_diagnostics",
  ]
  static let headlineColumns = [
    "setting", "builds", "errors", "warnings", "kinds", "payload_work_on_main_actor", "most_main_actor_time",
  ]

  private(set) var rows = ResultTable(columns: columns)
  /// Per rung: its headline's cells, the actions whose payload work ran on
  /// the main actor, and the action that held it longest at the largest size.
  private var headlineCells: [(cells: [String], onMain: String, most: String)] = []

  /// One row per rung: whether it builds, its diagnostics, and what its costs say.
  var headline: ResultTable {
    var table = ResultTable(columns: Self.headlineColumns)
    for row in headlineCells { table.append(row.cells + [row.onMain, row.most]) }
    return table
  }
  static let outcomeColumns = [
    "package", "setting", "screen", "orderings", "forbidden", "outcomes", "deeper_orderings", "deeper_forbidden",
    "violations", "error",
  ]

  private(set) var outcomes = ResultTable(columns: outcomeColumns)
  /// Each figure as its median and the middle 80 % of the repetitions.
  static let costColumns =
    ["package", "setting", "screen", "action", "payload_size", "repetitions"]
    + [
      "time_to_result_ms", "main_busy_ms", "longest_stretch_ms", "missed_frames_60hz", "missed_frames_120hz",
      "off_main_cpu_ms",
    ].flatMap { [$0, "\($0)_low", "\($0)_high"] }
    + ["calls", "payload_bytes", "payload_work_on", "build"]

  private(set) var costs = ResultTable(columns: costColumns)
  /// The run's own notes: the compiler, the settings that do not build.
  private var runNotes: [String] = []
  /// Each screen's outcome table in one line, with the settings that gave
  /// it, in the order first met: a table the same under every setting is
  /// said once.
  private var outcomeLines: [(text: String, settings: [String])] = []
  /// The cost runs' notes, each with the settings that gave it: said once.
  private var costNotes: [(text: String, settings: [String])] = []
  private var settingsRun: [String] = []
  private let package: UserPackage

  /// The notes under the headline: the run's, each screen's outcome table
  /// (one line per distinct table, naming its settings), then the cost
  /// runs' notes, each once.
  var notes: [String] {
    runNotes + outcomeLines.map { "\($0.text) under \(settingsText($0.settings))" }
      + costNotes.map { "\(settingsText($0.settings)): \($0.text)" }
  }

  /// `swift6, xcode26-default` or `every setting that builds (6)`.
  private func settingsText(_ settings: [String]) -> String {
    settings.count == settingsRun.count && settings.count > 2
      ? "every setting that builds (\(settings.count))" : settings.joined(separator: ", ")
  }

  private static func adding(
    _ setting: String, to text: String, in list: inout [(text: String, settings: [String])]
  ) {
    if let index = list.firstIndex(where: { $0.text == text }) {
      if !list[index].settings.contains(setting) { list[index].settings.append(setting) }
    } else {
      list.append((text, [setting]))
    }
  }

  init(package: UserPackage, compiler: SwiftCompiler) {
    self.package = package
    runNotes.append(
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
    headlineCells.append(
      (
        [
          build.rung.id, build.builds ? "yes" : "no (\(build.failedTarget ?? ""))", String(diagnostics.errors),
          String(diagnostics.warnings), diagnostics.kindSummary,
        ], "", ""
      ))
    if let target = build.failedTarget {
      runNotes.append("\(build.rung.id) does not build: \(target) stops it: \(first.first ?? "no diagnostic printed")")
    }
  }

  /// Each screen's systematic outcome table under `build`'s setting.
  mutating func add(_ run: UserRungBuilder.ScreenRun, of build: UserRungBuilder.Build) {
    let debug = run.notes.contains { $0.hasSuffix("debug build: not comparable") }
    for cost in run.costs {
      costs.append([package.identity, build.rung.id, cost.screen] + cost.cells + [debug ? "debug" : "release"])
    }
    settingsRun.append(build.rung.id)
    for note in run.notes { Self.adding(build.rung.id, to: note, in: &costNotes) }
    for screen in run.outcomes { Self.adding(build.rung.id, to: Self.outcomeLine(screen), in: &outcomeLines) }
    let actions = run.costs.filter { $0.action != "floor" }
    var onMain: [String] = []
    for cost in actions where cost.placement == WorkPlacement.mainActor.rawValue {
      let name = "\(cost.screen) \(cost.action)"
      if !onMain.contains(name) { onMain.append(name) }
    }
    let largest = actions.map(\.payloadSize).max()
    let most = actions.filter { $0.payloadSize == largest }.max { $0.mainBusy < $1.mainBusy }
    if let index = headlineCells.indices.last, headlineCells[index].cells.first == build.rung.id {
      headlineCells[index].onMain = onMain.isEmpty ? "none" : onMain.joined(separator: ", ")
      headlineCells[index].most =
        most.map {
          "\($0.screen) \($0.action), \($0.payloadSize) items: "
            + String(format: "%.2f ms, %.0f frames missed at 60 Hz", $0.mainBusy, Double($0.cells[12]) ?? 0)
        } ?? ""
    }
    for screen in run.outcomes {
      outcomes.append([
        package.identity, build.rung.id, screen.screen, String(screen.trials), String(screen.forbidden),
        screen.outcomes, String(screen.deeperOrderings), String(screen.deeperForbidden), String(screen.violations),
        screen.error,
      ])
    }
  }
}
