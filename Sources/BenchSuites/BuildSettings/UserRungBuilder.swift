import Foundation
import ScreenChecks

/// Compiles a user's own targets (``UserPackage/chain``) under each rung of
/// the ladder, leaving the packages they depend on as their manifests build
/// them.
///
/// SwiftPM builds the screens target once, in release, as the manifest
/// stands: that builds every package it imports, whose modules the rungs'
/// compilations find in its modules folder. Then, per rung, `swiftc`
/// compiles the chain's targets in order, optimised and whole-module, with
/// the rung's flags and the package's identity as their package name, each
/// into the rung's folder, which is searched first, so that a target imports
/// its neighbours as the rung compiled them. A target that does not compile
/// ends the rung there: the rung does not build, and its row names the
/// target and its first diagnostics.
///
/// Everything is cached under the package's `.build/build-settings/`, keyed
/// by the chain's sources, the rung's flags, the compiler's version and the
/// dependencies' modules, so that a second run compiles nothing.
struct UserRungBuilder: Sendable {
  /// One rung's compilation of the user's targets.
  struct Build: Sendable {
    var rung: BuildSettingsRung
    /// Every target's diagnostics, in compilation order.
    var diagnostics: CompilerDiagnostics
    /// The target that did not compile, when one did not; the rung does not build.
    var failedTarget: String?
    /// The folder of the compiled modules and objects.
    var directory: URL
    /// Whether it came from the cache.
    var cached: Bool

    /// Whether every target of the chain compiled.
    var builds: Bool { failedTarget == nil }
  }

  var package: UserPackage
  var compiler: SwiftCompiler

  /// The cache folder, inside the user's package.
  var cacheDirectory: URL { package.root.appendingPathComponent(".build/build-settings") }

  /// Builds the screens target as the manifest stands, with SwiftPM.
  /// - Returns: the folders holding the modules of everything it imports.
  /// - Throws: ``UserPackageError/dependenciesDoNotBuild(path:firstLines:)`` when it does not build.
  func buildDependencies() throws -> [URL] {
    let scratch = cacheDirectory.appendingPathComponent("swiftpm")
    let arguments = [
      "build", "-c", "release", "--package-path", package.root.path, "--scratch-path", scratch.path, "--target",
      package.screens.name,
    ]
    var result = try ToolRun.run(compiler.swift, arguments)
    if result.status != 0, result.output.contains("because of missing inputs") {
      // A dependency's source file was deleted since SwiftPM planned the
      // build, and it kept the old plan: plan again.
      try? FileManager.default.removeItem(at: scratch.appendingPathComponent("release.yaml"))
      result = try ToolRun.run(compiler.swift, arguments)
    }
    guard result.status == 0 else {
      throw UserPackageError.dependenciesDoNotBuild(
        path: package.root.path, firstLines: RungBuilder.firstLines(result.output))
    }
    let release = scratch.appendingPathComponent("release")
    return [release.appendingPathComponent("Modules"), release].filter {
      FileManager.default.fileExists(atPath: $0.path)
    }
  }

  /// Compiles the chain under `rung`, or finds it in the cache.
  /// - Parameters:
  ///   - rung: the setting.
  ///   - modules: the dependencies' module folders, from ``buildDependencies()``.
  /// - Returns: the rung's build; a target that does not compile is a build that does not build, never a throw.
  /// - Throws: when the compiler cannot be started or the cache cannot be written.
  func build(_ rung: BuildSettingsRung, modules: [URL]) throws -> Build {
    let directory = try cacheDirectory(for: rung, modules: modules)
    let done = directory.appendingPathComponent("done")
    let log = directory.appendingPathComponent("compile.log")
    let cached = FileManager.default.fileExists(atPath: done.path)
    var failedTarget: String?
    if cached {
      let marker = (try? String(contentsOf: done, encoding: .utf8)) ?? ""
      failedTarget = marker.isEmpty ? nil : marker
    } else {
      var output = ""
      for target in package.chain {
        let result = try ToolRun.run(
          compiler.path, arguments(compiling: target, rung: rung, into: directory, modules: modules))
        output += result.output
        if result.status != 0 {
          failedTarget = target.name
          break
        }
      }
      try Data(output.utf8).write(to: log)
      try Data((failedTarget ?? "").utf8).write(to: done)
    }
    let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    return Build(
      rung: rung, diagnostics: CompilerDiagnostics(parsing: output), failedTarget: failedTarget,
      directory: directory, cached: cached)
  }

  /// One screen's systematic outcome table under a setting, as its driver printed it.
  struct ScreenOutcomes: Sendable, Equatable {
    /// The screen description's name in the screens target.
    var screen: String
    /// Orderings of the first level; 0 when the description could not be checked.
    var trials: Int
    /// Those with a forbidden outcome.
    var forbidden: Int
    /// Every outcome seen, with its count: `latest-only 12, stale-flash 3`.
    var outcomes: String
    /// Orderings one preemption deeper (and further, where the run went), and those with a forbidden outcome.
    var deeperOrderings: Int
    var deeperForbidden: Int
    /// What a gate fails on: forbidden outcomes at every level and forbidden failed checks.
    var violations: Int
    /// Why the description could not be checked, or empty.
    var error: String
  }

  /// The object files SwiftPM built for what the chain imports: every
  /// `<module>.build` folder of its release build but the chain's own and
  /// those of tests and executables.
  func importedObjects(modules: [URL]) throws -> [URL] {
    guard let release = modules.last else { return [] }
    let chain = Set(package.chain.map { "\($0.module).build" })
    var objects: [URL] = []
    for folder in try FileManager.default.contentsOfDirectory(atPath: release.path).sorted()
    where folder.hasSuffix(".build") && !chain.contains(folder) && !folder.hasSuffix("Tests.build") {
      let directory = release.appendingPathComponent(folder)
      let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
      guard !files.contains("main.swift.o") else { continue }
      objects += Self.currentObjects(in: directory, files: files)
    }
    return objects
  }

  /// The objects of a module's folder that its last build wrote, as its
  /// `output-file-map.json` lists them: an object left from a source file
  /// deleted since is not linked. Without a map, every object there.
  static func currentObjects(in directory: URL, files: [String]) -> [URL] {
    let onDisk = files.filter { $0.hasSuffix(".o") }.sorted().map { directory.appendingPathComponent($0) }
    guard let data = try? Data(contentsOf: directory.appendingPathComponent("output-file-map.json")),
      let map = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    else { return onDisk }
    let listed = Set(
      map.values.compactMap { ($0 as? [String: Any])?["object"] as? String }.map {
        URL(fileURLWithPath: $0).lastPathComponent
      })
    return onDisk.filter { listed.contains($0.lastPathComponent) }
  }

  /// What a driver measured of one screen's actions under a setting: one
  /// row per action and payload size, as ``ScreenCostReport`` prints it,
  /// the description's name replaced by its name in the screens target.
  struct ScreenCosts: Sendable, Equatable {
    var screen: String
    /// The report's cells after the screen: action, size, repetitions, the
    /// six figures' median, low and high, calls, bytes, placement.
    var cells: [String]

    /// Cells per row: action, size, repetitions, six figures of three, calls, bytes, placement.
    static let cellCount = 3 + 6 * 3 + 3

    var action: String { cells.first ?? "" }
    var payloadSize: Int { cells.count > 1 ? Int(cells[1]) ?? 0 : 0 }
    var placement: String { cells.last ?? "" }
    /// The median milliseconds the main actor was busy.
    var mainBusy: Double { cells.count > 6 ? Double(cells[6]) ?? 0 : 0 }
  }

  /// What a driver printed for every screen under one setting.
  struct ScreenRun: Sendable, Equatable {
    var outcomes: [ScreenOutcomes] = []
    var costs: [ScreenCosts] = []
    /// Per screen: actions not measured, a cost run that stopped, a debug build.
    var notes: [String] = []
  }

  /// Compiles (or finds) the driver that runs, on each of `screens` as
  /// `build` compiled them, the checker's systematic mode and then a cost
  /// run (``ScreenDescription/measureCosts(_:)``), and runs it.
  /// - Parameters:
  ///   - screens: the screen descriptions' names in the screens target.
  ///   - build: the setting's build.
  ///   - modules: the dependencies' module folders.
  ///   - costs: the cost run's options; `nil` checks only.
  /// - Returns: the outcome tables and costs, in the screens' order.
  /// - Throws: ``BuildSettingsError/harnessDoesNotBuild(rung:step:firstLines:)`` when the driver does not
  ///   compile or link, ``BuildSettingsError/driverFailed(rung:status:firstLines:)`` when it fails.
  func checkScreens(_ screens: [String], of build: Build, modules: [URL], costs: ScreenCostOptions? = nil) throws
    -> ScreenRun
  {
    let source = Self.driverSource(screens: screens, module: package.screens.module)
    let imported = try importedObjects(modules: modules)
    let key = Self.driverKey(source: source, objects: imported)
    let folder = build.directory.appendingPathComponent("driver-\(key)")
    let driver = folder.appendingPathComponent("driver")
    if !FileManager.default.isExecutableFile(atPath: driver.path) {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let main = folder.appendingPathComponent("main.swift")
      try Data(source.utf8).write(to: main)
      let chainObjects = package.chain.map { build.directory.appendingPathComponent("\($0.module).o") }
      let result = try ToolRun.run(
        compiler.path,
        ["-module-name", "ScreenSettingsDriver", "-swift-version", "6", "-O", "-I", build.directory.path]
          + modules.flatMap { ["-I", $0.path] } + RungBuilder.platformFlags + [main.path] + chainObjects.map(\.path)
          + imported.map(\.path) + ["-o", driver.path])
      guard result.status == 0 else {
        throw BuildSettingsError.harnessDoesNotBuild(
          rung: build.rung.id, step: "screens' driver", firstLines: RungBuilder.firstLines(result.output))
      }
    }
    var arguments: [String] = []
    if let costs {
      arguments = [costs.payloadSizes.map(String.init).joined(separator: ","), String(costs.repetitions)]
    }
    let run = try ToolRun.run(driver.path, arguments)
    guard run.status == 0 else {
      throw BuildSettingsError.driverFailed(
        rung: build.rung.id, status: run.status, firstLines: RungBuilder.firstLines(run.standardError))
    }
    return Self.parseDriverOutput(String(decoding: run.standardOutput, as: UTF8.self))
  }

  /// The cache key of a driver: its source, and the name, size and time of
  /// every object it links. The driver links SwiftPM's objects, so a change
  /// to what the screens import that leaves its module interface as it was
  /// is a new driver all the same.
  static func driverKey(source: String, objects: [URL]) -> String {
    var hash = FNV1a()
    hash.add(source)
    for object in objects {
      hash.add(object.path)
      hash.addStamp(of: object)
    }
    return hash.hex
  }

  /// Reads a driver's lines: outcome tables, `cost` rows and `note` lines.
  static func parseDriverOutput(_ output: String) -> ScreenRun {
    var result = ScreenRun()
    for line in output.split(separator: "\n") {
      let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      let cell = { (index: Int) in index < cells.count ? cells[index] : "" }
      switch cell(0) {
      case "cost" where cells.count == 3 + ScreenCosts.cellCount:
        result.costs.append(ScreenCosts(screen: cell(1), cells: Array(cells.dropFirst(3))))
      case "note":
        result.notes.append("\(cell(1)): \(cell(2))")
      case "outcomes":
        result.outcomes.append(
          ScreenOutcomes(
            screen: cell(1), trials: Int(cell(2)) ?? 0, forbidden: Int(cell(3)) ?? 0, outcomes: cell(4),
            deeperOrderings: Int(cell(5)) ?? 0, deeperForbidden: Int(cell(6)) ?? 0, violations: Int(cell(7)) ?? 0,
            error: cell(8)))
      default:
        result.notes.append("the driver printed a line it should not have: \(line)")
      }
    }
    return result
  }

  /// The driver's source: for each screen in turn, the checker's systematic
  /// mode with the default options (an `outcomes` line), then, when the
  /// driver is given payload sizes and repetitions, a cost run (`cost`
  /// lines, and `note` lines for what it could not measure).
  static func driverSource(screens: [String], module: String) -> String {
    """
    import ScreenChecks
    import \(module)

    let arguments = CommandLine.arguments.dropFirst()
    let costOptions = arguments.count == 2
      ? ScreenCostOptions(
        payloadSizes: arguments.first!.split(separator: ",").compactMap { Int($0) },
        repetitions: Int(arguments.last!) ?? 1)
      : nil

    @MainActor func check(_ name: String, _ screen: CheckedScreen) async -> String {
      do {
        let report = try await ScreenChecker(screen).runSystematic()
        let counts = report.counts.filter { $0.value > 0 }.sorted { $0.key < $1.key }
        let outcomes = counts.map { "\\($0.key) \\($0.value)" }.joined(separator: ", ")
        let deeper = report.deeperLevels.reduce(into: (0, 0)) { $0.0 += $1.orderings; $0.1 += $1.forbidden }
        return [
          "outcomes", name, "\\(report.trials)", "\\(report.forbiddenTrials)", outcomes, "\\(deeper.0)",
          "\\(deeper.1)", "\\(report.violations)", "",
        ].joined(separator: "\\t")
      } catch {
        return ["outcomes", name, "0", "0", "", "0", "0", "0", "\\(error)"].joined(separator: "\\t")
      }
    }

    @MainActor func costs<Model>(_ name: String, _ screen: ScreenDescription<Model>) async -> [String] {
      guard let costOptions else { return [] }
      do {
        let report = try await screen.measureCosts(costOptions)
        let debug = report.isDebugBuild ? ["note\\t\\(name)\\tdebug build: not comparable"] : []
        return report.tabSeparatedLines.map { "cost\\t\\(name)\\t" + $0 }
          + report.notes.map { "note\\t\\(name)\\t" + $0 } + debug
      } catch {
        return ["note\\t\\(name)\\tcosts not measured: \\(error)"]
      }
    }

    """
      + screens.map {
        "print(await check(\"\($0)\", \($0).checked))\nfor line in await costs(\"\($0)\", \($0)) { print(line) }\n"
      }.joined()
  }

  /// The compiler's arguments for one target of the chain under `rung`.
  func arguments(compiling target: UserPackage.Target, rung: BuildSettingsRung, into directory: URL, modules: [URL])
    -> [String]
  {
    ["-parse-as-library", "-module-name", target.module, "-package-name", package.identity, "-print-diagnostic-groups"]
      + rung.flags + [
        "-O", "-wmo", "-emit-module", "-emit-module-path",
        directory.appendingPathComponent("\(target.module).swiftmodule").path, "-c", "-o",
        directory.appendingPathComponent("\(target.module).o").path, "-I", directory.path,
      ] + modules.flatMap { ["-I", $0.path] } + RungBuilder.platformFlags + target.sources.map(\.path)
  }

  /// `<cache>/<rung>-<key>`, created; the key hashes the chain's sources,
  /// the rung's flags, the compiler's version and the dependencies' modules
  /// (their names, sizes and modification times).
  private func cacheDirectory(for rung: BuildSettingsRung, modules: [URL]) throws -> URL {
    var hash = FNV1a()
    for target in package.chain {
      hash.add(target.module)
      for file in target.sources {
        hash.add(file.path)
        hash.add(try Data(contentsOf: file))
      }
    }
    hash.add((rung.flags + RungBuilder.platformFlags).joined(separator: " "))
    hash.add(compiler.version)
    for folder in modules {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      for name in names.sorted() where name.hasSuffix(".swiftmodule") {
        hash.add(name)
        hash.addStamp(of: folder.appendingPathComponent(name))
      }
    }
    let directory = cacheDirectory.appendingPathComponent("\(rung.id)-\(hash.hex)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }
}
