import BenchKit
import Foundation
import ScreenChecks
import Testing

@testable import BenchSuites

/// A user's own package on the build-settings ladder: its targets compiled
/// under each rung, a rung that does not build kept as a row with its first
/// diagnostics, and a package or target that cannot be read refused in one line.
@Suite struct UserPackageLadderTests {
  /// A team's package still in Swift 5 mode: a model target with a global
  /// counter, and the screens target that uses it. Swift 6 refuses the
  /// counter; default `MainActor` isolation puts it on the main actor, where
  /// it builds again.
  static let migrating: [String: String] = [
    "Package.swift": """
    // swift-tools-version: 6.0
    import PackageDescription

    let package = Package(
      name: "Migrating",
      targets: [
        .target(name: "Models"),
        .target(name: "Screens", dependencies: ["Models"]),
      ],
      swiftLanguageModes: [.v5]
    )
    """,
    "Sources/Models/Store.swift": """
    public var sharedCount = 0

    public func bump() -> Int {
      sharedCount += 1
      return sharedCount
    }
    """,
    "Sources/Screens/Screen.swift": """
    import Models

    public func screenTitle() -> String { "Count \\(bump())" }
    """,
  ]

  @Test(.enabled(if: compiler != nil, "no swiftc found (SWIFT_EXEC, PATH): cannot build a setting"))
  func eachRungCompilesTheUsersTargetsAndOneThatDoesNotBuildIsARowWithItsFirstDiagnostics() throws {
    let folder = try Self.write(Self.migrating)
    defer { try? FileManager.default.removeItem(at: folder) }
    let builder = UserRungBuilder(
      package: try UserPackage.load(at: folder.path, screens: "Screens", swift: Self.swift), compiler: compiler!)
    #expect(builder.package.chain.map(\.name) == ["Models", "Screens"])
    let modules = try builder.buildDependencies()
    var builds: [String: UserRungBuilder.Build] = [:]
    for id in ["swift5-minimal", "swift5-complete", "swift6", "swift6-mainactor"] {
      let rung = try #require(BuildSettingsRung.ladder.first { $0.id == id })
      builds[id] = try builder.build(rung, modules: modules)
    }

    let minimal = try #require(builds["swift5-minimal"])
    #expect(minimal.builds && minimal.diagnostics.diagnostics.isEmpty, "\(minimal.diagnostics)")
    let complete = try #require(builds["swift5-complete"])
    #expect(complete.builds && complete.diagnostics.errors == 0)
    #expect(
      complete.diagnostics.diagnostics.contains { $0.severity == .warning && $0.location.hasPrefix("Store.swift") })
    let swift6 = try #require(builds["swift6"])
    #expect(!swift6.builds)
    #expect(swift6.failedTarget == "Models")
    let first = try #require(swift6.diagnostics.diagnostics.first)
    #expect(first.severity == .error && first.location.hasPrefix("Store.swift:1:"), "\(first)")
    #expect(first.message.contains("sharedCount"), "\(first)")
    let mainActor = try #require(builds["swift6-mainactor"])
    #expect(mainActor.builds && mainActor.diagnostics.errors == 0, "\(mainActor.diagnostics)")
    #expect(FileManager.default.fileExists(atPath: mainActor.directory.appendingPathComponent("Screens.o").path))

    // A second run compiles nothing.
    let again = try builder.build(try #require(BuildSettingsRung.ladder.first { $0.id == "swift6" }), modules: modules)
    #expect(again.cached && again.failedTarget == "Models" && again.diagnostics == swift6.diagnostics)
  }

  @Test(.enabled(if: compiler != nil, "no swiftc found (SWIFT_EXEC, PATH): cannot read a package"))
  func aPackageOrTargetThatCannotBeReadIsRefusedInOneLine() throws {
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-package-\(UUID())").path
    #expect(throws: UserPackageError.notAPackage(path: missing)) {
      try UserPackage.load(at: missing, screens: "Screens", swift: Self.swift)
    }

    let folder = try Self.write(Self.migrating)
    defer { try? FileManager.default.removeItem(at: folder) }
    let noTarget = #expect(throws: UserPackageError.self) {
      try UserPackage.load(at: folder.path, screens: "Screen", swift: Self.swift)
    }
    #expect(noTarget == .noSuchTarget("Screen", path: folder.path, targets: ["Models", "Screens"]))
    #expect(
      noTarget?.description == "--screens Screen: \(folder.path) has no such target; its targets are Models, Screens")

    try Data("let package = Package(".utf8).write(to: folder.appendingPathComponent("Package.swift"))
    let broken = #expect(throws: UserPackageError.self) {
      try UserPackage.load(at: folder.path, screens: "Screens", swift: Self.swift)
    }
    guard case .manifestDoesNotLoad(let path, let line) = broken else {
      Issue.record("expected manifestDoesNotLoad, got \(String(describing: broken))")
      return
    }
    #expect(path == folder.path)
    #expect(line.contains("error:"), "\(line)")
    #expect(!(broken?.description.contains("\n") ?? true))
  }

  @Test(.enabled(if: compiler != nil, "no swiftc found (SWIFT_EXEC, PATH): cannot read a package"))
  func theScreensAreThePublicDescriptionsOfTheScreensTarget() throws {
    var files = Self.migrating
    files["Sources/Screens/Checks.swift"] = """
      import ScreenChecks

      public let listScreen = ScreenDescription("list") { _ in Model() } snapshot: { _ in ScreenSnapshot() }
      public let detailScreen: ScreenDescription<Model> = ScreenDescription("detail") { _ in Model() } snapshot: {
        _ in ScreenSnapshot()
      }
      let privateScreen = ScreenDescription("private") { _ in Model() } snapshot: { _ in ScreenSnapshot() }
      public let notAScreen = 3
      """
    files["Sources/Models/Hidden.swift"] = "public let modelScreen = ScreenDescription(\"model\")\n"
    let folder = try Self.write(files)
    defer { try? FileManager.default.removeItem(at: folder) }
    let package = try UserPackage.load(at: folder.path, screens: "Screens", swift: Self.swift)
    #expect(try package.screenNames() == ["listScreen", "detailScreen"])
  }

  /// Writes `files` into a new temporary folder.
  static func write(_ files: [String: String]) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("user-package-\(UUID())")
    for (path, text) in files {
      let url = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return folder
  }

  static var swift: String { compiler!.swift }
}

private let compiler = try? SwiftCompiler.locate()

/// `bench screen-settings`: the ladder of a user's package as a suite, and
/// its command line's mistakes as usage errors (exit 64).
@Suite struct ScreenSettingsSuiteTests {
  @Test(.enabled(if: compiler != nil, "no swiftc found (SWIFT_EXEC, PATH): cannot build a setting"))
  func everyRungIsARowAndOneThatDoesNotBuildSaysWhere() async throws {
    let folder = try UserPackageLadderTests.write(UserPackageLadderTests.migrating)
    defer { try? FileManager.default.removeItem(at: folder) }
    var options = BenchOptions()
    options[ScreenSettingsSuite.package] = folder.path
    options[ScreenSettingsSuite.screens] = "Screens"
    let report = try await ScreenSettingsSuite().run(in: Self.context(options))

    let table = try #require(report.tables.first { $0.name == "screen-settings" }?.table)
    #expect(table.column("setting") == BuildSettingsRung.ladder.map(\.id))
    let row = { (id: String) in table.rows.first { $0[2] == id } ?? [] }
    let column = { (name: String) in table.columns.firstIndex(of: name)! }
    #expect(row("swift5-minimal")[column("builds")] == "1")
    #expect(row("swift6")[column("builds")] == "0")
    #expect(row("swift6")[column("stopped_at")] == "Models")
    #expect(row("swift6")[column("files")].hasPrefix("Store.swift ×"))
    #expect(row("swift6")[column("first_diagnostics")].hasPrefix("Store.swift:1:"))
    #expect(row("swift6-mainactor")[column("builds")] == "1")
    #expect(report.notes.contains { $0.hasPrefix("swift6 does not build: Models stops it: Store.swift:1:") })
    #expect(!report.isPartial)
  }

  /// A rung's costs land in the costs table, a row per action and size
  /// with the build's kind, and the headline names the actions whose
  /// payload work ran on the main actor and the one that held it longest.
  @Test(.enabled(if: compiler != nil, "no swiftc found (SWIFT_EXEC, PATH): cannot read a package"))
  func theCostsLandInTheirTableAndTheHeadlineSaysWhereThePayloadWorkRan() throws {
    let folder = try UserPackageLadderTests.write(UserPackageLadderTests.migrating)
    defer { try? FileManager.default.removeItem(at: folder) }
    let package = try UserPackage.load(at: folder.path, screens: "Screens", swift: UserPackageLadderTests.swift)
    var table = ScreenSettingsTable(package: package, compiler: compiler!)
    let rung = try #require(BuildSettingsRung.ladder.first { $0.id == "swift6-mainactor" })
    let build = UserRungBuilder.Build(
      rung: rung, diagnostics: CompilerDiagnostics(parsing: ""), failedTarget: nil, directory: folder, cached: true)
    table.add(build)
    let figures = { (busy: String, frames: String) in
      ["1.000", "1.000", "1.000", busy, busy, busy, busy, busy, busy, frames, frames, frames]
        + Array(repeating: "0.000", count: 6)
    }
    table.add(
      UserRungBuilder.parseDriverOutput(
        [
          (["cost", "listScreen", "list", "floor", "10000", "3"] + figures("0.000", "0.000") + ["0", "0", "none"]),
          (["cost", "listScreen", "list", "load", "10", "3"] + figures("0.000", "0.000") + ["1", "400", "main-actor"]),
          (["cost", "listScreen", "list", "load", "10000", "3"] + figures("14.250", "1.000")
            + ["1", "400000", "main-actor"]),
          (["cost", "listScreen", "list", "clear", "10000", "3"] + figures("0.000", "0.000") + ["0", "0", "none"]),
        ].map { $0.joined(separator: "\t") }.joined(separator: "\n")), of: build)
    #expect(table.costs.rows.count == 4)
    #expect(table.costs.columns.count == ScreenSettingsTable.costColumns.count)
    #expect(table.costs.rows.allSatisfy { $0.count == table.costs.columns.count && $0.last == "release" })
    #expect(table.costs.column("setting") == Array(repeating: "swift6-mainactor", count: 4))
    let headline = table.headline
    #expect(headline.rows.count == 1)
    #expect(headline.column("payload_work_on_main_actor") == ["listScreen load"])
    #expect(
      headline.column("most_main_actor_time") == ["listScreen load, 10000 items: 14.25 ms, 1 frames missed at 60 Hz"])
  }

  @Test func onlyPicksScreensAndANameTheTargetDoesNotDeclareIsAUsageError() throws {
    let declared = ["searchScreen", "flawedSearchScreen"]
    #expect(try ScreenSettingsSuite.chosen([], from: declared, in: "Checks") == declared)
    #expect(try ScreenSettingsSuite.chosen(["searchScreen"], from: declared, in: "Checks") == ["searchScreen"])
    let error = #expect(throws: UsageError.self) {
      try ScreenSettingsSuite.chosen(["search"], from: declared, in: "Checks")
    }
    #expect(
      error?.message == "--only search: Checks declares no such screen; it declares searchScreen, flawedSearchScreen")
  }

  @Test func withoutAPackageOrATargetItIsAUsageError() async throws {
    var options = BenchOptions()
    options[ScreenSettingsSuite.screens] = "Screens"
    let error = await #expect(throws: UsageError.self) {
      try await ScreenSettingsSuite().run(in: Self.context(options))
    }
    #expect(error?.message == "screen-settings needs --package <path> and --screens <target>")
  }

  @Test(.enabled(if: compiler != nil, "no swiftc found (SWIFT_EXEC, PATH): cannot read a package"))
  func aFolderWithoutAPackageIsAUsageErrorInOneLine() async throws {
    var options = BenchOptions()
    options[ScreenSettingsSuite.package] = "/no/such/package"
    options[ScreenSettingsSuite.screens] = "Screens"
    let error = await #expect(throws: UsageError.self) {
      try await ScreenSettingsSuite().run(in: Self.context(options))
    }
    #expect(error?.message == UserPackageError.notAPackage(path: "/no/such/package").description)
  }

  /// The estimate: SwiftPM's build and the settings' compilations until
  /// they are in the package's cache, then per setting and screen a check
  /// and a cost run; the screens counted in the target's folder, or those
  /// `--only` names.
  @Test func theEstimateCountsTheCacheTheSettingsAndTheScreens() throws {
    var files = UserPackageLadderTests.migrating
    files["Sources/Screens/Checks.swift"] = """
      public let a = ScreenDescription("a") { _ in Model() } snapshot: { _ in ScreenSnapshot() }
      public let b: ScreenDescription<Model> = ScreenDescription("b") { _ in Model() } snapshot: { _ in ScreenSnapshot() }
      """
    let folder = try UserPackageLadderTests.write(files)
    defer { try? FileManager.default.removeItem(at: folder) }
    var options = BenchOptions()
    options[ScreenSettingsSuite.package] = folder.path
    options[ScreenSettingsSuite.screens] = "Screens"
    // 90 s, then 5 s and two screens' 9 s per setting.
    #expect(ScreenSettingsSuite().estimatedDuration(for: options) == .seconds(90 + 8 * (5 + 18)))
    try FileManager.default.createDirectory(
      at: folder.appendingPathComponent(".build/build-settings/swiftpm"), withIntermediateDirectories: true)
    #expect(ScreenSettingsSuite().estimatedDuration(for: options) == .seconds(5 + 8 * 18))
    options[ScreenSettingsSuite.only] = ["a"]
    #expect(ScreenSettingsSuite().estimatedDuration(for: options) == .seconds(5 + 8 * 9))
    options[ScreenSettingsSuite.payloadSizes] = []
    #expect(ScreenSettingsSuite().estimatedDuration(for: options) == .seconds(5 + 8 * 4))
  }

  static func context(_ options: BenchOptions) -> SuiteContext {
    SuiteContext(options: options, environment: BenchEnvironment.capture(clock: ClockCalibration.measure(reads: 100)))
  }
}

/// The screens of a user's package checked as each setting compiled them:
/// `Examples/SearchScreen`, whose flawed search refills a cleared query.
@Suite struct ScreenSettingsOutcomeTests {
  /// The example's folder, beside this package's sources.
  static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples/SearchScreen")

  /// Under Swift 6 and under default `MainActor` isolation, the driver runs
  /// the checker's systematic mode on both of the example's screens as the
  /// setting compiled them: the correct search shows nothing forbidden, the
  /// flawed one refills a cleared query, and the table is the same under
  /// both settings; then it measures each action's costs. It fails if the
  /// driver checks another build than the setting's, loses a screen or an
  /// action, or misreads a table.
  ///
  /// SwiftPM builds the example's imports once, in release, into the
  /// example's `.build/build-settings/` (a few minutes the first time).
  @Test(.enabled(if: compiler != nil, "no swiftc found (SWIFT_EXEC, PATH): cannot build a setting"))
  func eachSettingsScreensAreCheckedAsItCompiledThem() throws {
    let builder = UserRungBuilder(
      package: try UserPackage.load(
        at: Self.example.path, screens: "SearchScreenChecks", swift: UserPackageLadderTests.swift),
      compiler: compiler!)
    #expect(try builder.package.screenNames() == ["searchScreen", "flawedSearchScreen"])
    let modules = try builder.buildDependencies()
    var tables: [[UserRungBuilder.ScreenOutcomes]] = []
    let costs = ScreenCostOptions(payloadSizes: [1, 2_000], repetitions: 2)
    for id in ["swift6", "swift6-mainactor"] {
      let build = try builder.build(try #require(BuildSettingsRung.ladder.first { $0.id == id }), modules: modules)
      try #require(build.builds, "\(id): \(build.diagnostics)")
      let run = try builder.checkScreens(
        ["searchScreen", "flawedSearchScreen"], of: build, modules: modules, costs: costs)
      let screens = run.outcomes
      // Each screen's floor and actions, in the run's order, at both sizes; typing and the next page call the
      // endpoint once, with ever more bytes.
      #expect(run.notes.isEmpty, "\(id): \(run.notes)")
      let rows = run.costs.filter { $0.screen == "searchScreen" }
      #expect(
        rows.map { "\($0.action) \($0.payloadSize)" } == [
          "floor 1", "floor 2000", "type 1", "type 2000", "next-page 1", "next-page 2000", "clear 1", "clear 2000",
        ])
      #expect(rows.map { $0.cells[21] } == ["0", "0", "1", "1", "1", "1", "0", "0"])
      #expect(run.costs.count == 16)
      try #require(screens.map(\.screen) == ["searchScreen", "flawedSearchScreen"])
      #expect(screens[0].trials > 0 && screens[0].forbidden == 0 && screens[0].violations == 0, "\(screens[0])")
      #expect(screens[0].error.isEmpty && screens[0].outcomes.hasPrefix("latest-only "), "\(screens[0])")
      #expect(screens[1].forbidden > 0 && screens[1].outcomes.contains("refilled "), "\(screens[1])")
      tables.append(screens)
    }
    #expect(tables[0] == tables[1])
  }

  @Test func theDriverChecksEveryScreenInTurnAndPrintsALineEach() {
    let source = UserRungBuilder.driverSource(screens: ["a", "b"], module: "Screens")
    #expect(source.hasPrefix("import ScreenChecks\nimport Screens\n"))
    #expect(
      source.hasSuffix(
        "print(await check(\"a\", a.checked))\nfor line in await costs(\"a\", a) { print(line) }\n"
          + "print(await check(\"b\", b.checked))\nfor line in await costs(\"b\", b) { print(line) }\n"))
  }

  /// The driver's lines: an outcome table, cost rows under the screen's
  /// name in the target, notes, and a stray line kept as a note rather
  /// than lost or misread.
  @Test func theDriversLinesAreReadIntoTablesCostsAndNotes() {
    let run = UserRungBuilder.parseDriverOutput(
      [
        "outcomes\tsearchScreen\t136\t0\tlatest-only 136\t1439\t0\t0\t",
        "cost\tsearchScreen\tsearch\ttype\t10\t7\t" + Array(repeating: "1.0", count: 18).joined(separator: "\t")
          + "\t1\t480\tmain-actor",
        "note\tsearchScreen\tretry was not offered when its turn came; not measured",
        "stray",
        "cost\tsearchScreen\tsearch\ttype\t10",
      ].joined(separator: "\n"))
    #expect(
      run.outcomes == [
        .init(
          screen: "searchScreen", trials: 136, forbidden: 0, outcomes: "latest-only 136", deeperOrderings: 1439,
          deeperForbidden: 0, violations: 0, error: "")
      ])
    #expect(run.costs.count == 1)
    #expect(run.costs.first?.screen == "searchScreen" && run.costs.first?.action == "type")
    #expect(run.costs.first?.payloadSize == 10 && run.costs.first?.placement == "main-actor")
    #expect(run.costs.first?.cells.count == ScreenSettingsTable.costColumns.count - 4)
    #expect(
      run.notes == [
        "searchScreen: retry was not offered when its turn came; not measured",
        "the driver printed a line it should not have: stray",
        "the driver printed a line it should not have: cost\tsearchScreen\tsearch\ttype\t10",
      ])
  }

  /// What the run found is said where it is read, once: each screen's
  /// outcome table in one line naming the settings that gave it (the same
  /// under every setting is one line), and a cost run's note once with its
  /// settings, not once per setting.
  @Test func theNotesSayEachOutcomeTableAndEachCostNoteOnce() {
    let package = UserPackage(
      root: URL(fileURLWithPath: "/tmp/app"), identity: "app",
      chain: [.init(name: "AppScreens", module: "AppScreens", sources: [])])
    var table = ScreenSettingsTable(
      package: package, compiler: SwiftCompiler(path: "swiftc", version: "Swift version 6.3.1"))
    let clean = UserRungBuilder.ScreenOutcomes(
      screen: "searchScreen", trials: 136, forbidden: 0, outcomes: "latest-only 136", deeperOrderings: 1439,
      deeperForbidden: 0, violations: 0, error: "")
    var flawed = clean
    flawed.forbidden = 32
    flawed.outcomes = "latest-only 104, refilled 32"
    for (index, rung) in BuildSettingsRung.ladder.prefix(3).enumerated() {
      let build = UserRungBuilder.Build(
        rung: rung, diagnostics: CompilerDiagnostics(parsing: ""), failedTarget: nil,
        directory: URL(fileURLWithPath: "/tmp"), cached: true)
      table.add(build)
      table.add(
        UserRungBuilder.ScreenRun(
          outcomes: [clean, index == 2 ? flawed : clean], costs: [],
          notes: ["searchScreen: retry was not offered when its turn came; not measured"]),
        of: build)
    }
    let ids = BuildSettingsRung.ladder.prefix(3).map(\.id)
    #expect(
      Array(table.notes.dropFirst()) == [
        "searchScreen: 136 orderings, 0 forbidden (latest-only 136); one preemption deeper 1439 orderings, "
          + "0 forbidden under every setting that builds (3)",
        "searchScreen: 136 orderings, 32 forbidden (latest-only 104, refilled 32); one preemption deeper 1439 "
          + "orderings, 0 forbidden under \(ids[2])",
        "every setting that builds (3): searchScreen: retry was not offered when its turn came; not measured",
      ], "\(table.notes)")
    #expect(table.notes.first?.hasPrefix("compiler: Swift version 6.3.1") == true)
  }

  /// A driver is linked again when an object it links changed, even when
  /// the module's interface, and so the setting's compilation, did not.
  @Test func aChangedImportedObjectIsANewDriver() throws {
    let folder = try UserPackageLadderTests.write(["A.build/A.swift.o": "one"])
    defer { try? FileManager.default.removeItem(at: folder) }
    let object = folder.appendingPathComponent("A.build/A.swift.o")
    let before = UserRungBuilder.driverKey(source: "main", objects: [object])
    #expect(UserRungBuilder.driverKey(source: "main", objects: [object]) == before)
    #expect(UserRungBuilder.driverKey(source: "other", objects: [object]) != before)
    try Data("two, longer".utf8).write(to: object)
    #expect(UserRungBuilder.driverKey(source: "main", objects: [object]) != before)
  }

  /// An object left by a source file deleted since the last build is not
  /// linked: its symbols would be missing, and the driver would not link.
  @Test func onlyTheObjectsTheLastBuildListedAreLinked() throws {
    let folder = try UserPackageLadderTests.write([
      "A.build/Kept.swift.o": "", "A.build/Deleted.swift.o": "",
      "A.build/output-file-map.json":
        #"{"": {"object": "/x/A.o"}, "/src/Kept.swift": {"object": "/x/A.build/Kept.swift.o"}}"#,
      "B.build/Only.swift.o": "",
    ])
    defer { try? FileManager.default.removeItem(at: folder) }
    let a = folder.appendingPathComponent("A.build")
    let b = folder.appendingPathComponent("B.build")
    #expect(
      UserRungBuilder.currentObjects(in: a, files: ["Deleted.swift.o", "Kept.swift.o", "output-file-map.json"]).map(
        \.lastPathComponent) == ["Kept.swift.o"])
    #expect(UserRungBuilder.currentObjects(in: b, files: ["Only.swift.o"]).map(\.lastPathComponent) == ["Only.swift.o"])
  }
}
