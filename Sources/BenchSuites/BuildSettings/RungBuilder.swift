import BenchKit
import BuildSettingsSupport
import Foundation

/// Compiles the build-settings rungs with the toolchain's `swiftc`, caching
/// each build under `.build/build-settings/` keyed by its sources, flags,
/// sanitizer and compiler version, so that a second run compiles nothing.
///
/// Per rung, three modules: the support module (probes, transport seam),
/// compiled once with fixed flags (Swift 6, no upcoming features); the scene,
/// compiled with the rung's flags; the driver executable, compiled with the
/// fixed flags, importing both and the package's own modules that run the
/// refetch checker (``packageModules``, compiled once, like the support module). Only the scene's meaning changes between
/// rungs. The scene is compiled twice: the guides' text (`-D
/// GUIDE_AS_WRITTEN`), for its diagnostics only, and the measured text, whose
/// diagnostics and success are the rung's.
struct RungBuilder: Sendable {
  /// One rung's builds.
  struct Build: Sendable {
    var rung: BuildSettingsRung
    /// Diagnostics of the guides' text under the rung's flags.
    var asWritten: CompilerDiagnostics
    var asWrittenBuilds: Bool
    /// Diagnostics of the measured text.
    var scene: CompilerDiagnostics
    /// The driver, when the measured text builds.
    var driver: URL?
    /// Whether every step came from the cache.
    var cached: Bool
  }

  var compiler: SwiftCompiler
  var sources: BuildSettingsSources
  /// `-sanitize=…` flags matching `bench`'s own build, so that a sanitizer run covers the rungs too.
  var sanitizerFlags: [String]

  /// Flags every compilation gets on this platform: on macOS, the package's
  /// minimum (macOS 15), so that the concurrency APIs the driver uses are
  /// available whatever the compiler's default deployment target.
  static var platformFlags: [String] {
    #if os(macOS) && arch(arm64)
      ["-target", "arm64-apple-macosx15.0"]
    #elseif os(macOS)
      ["-target", "x86_64-apple-macosx15.0"]
    #else
      []
    #endif
  }

  /// The sanitizer flags for `bench`'s sanitizer column (`thread`, `address`, `thread+address`, `none`).
  static func sanitizerFlags(for sanitizer: String) -> [String] {
    sanitizer.split(separator: "+").compactMap { $0 == "none" ? nil : "-sanitize=\($0)" }
  }

  /// Builds (or finds in the cache) the support module.
  /// - Returns: its directory, holding `BuildSettingsSupport.swiftmodule` and `.o`.
  func buildSupport() throws -> URL {
    let files = try BuildSettingsSources.swiftFiles(in: sources.supportDirectory)
    let directory = try cacheDirectory(named: "support", files: files, flags: [])
    let done = directory.appendingPathComponent("done")
    if FileManager.default.fileExists(atPath: done.path) { return directory }
    try compileModule("BuildSettingsSupport", files: files, into: directory, step: "support module")
    try Data().write(to: done)
    return directory
  }

  /// Compiles one module with the fixed flags (Swift 6, optimised, whole
  /// module, one package name for all, as SwiftPM gives its targets, so that
  /// `package` declarations resolve) into `directory`, as `<module>.swiftmodule` and `<module>.o`,
  /// finding the modules it imports there.
  /// - Throws: ``BuildSettingsError/harnessDoesNotBuild(rung:step:firstLines:)`` when it does not compile.
  private func compileModule(_ module: String, files: [URL], into directory: URL, step: String) throws {
    let result = try ToolRun.run(
      compiler.path,
      [
        "-parse-as-library", "-module-name", module, "-package-name", "IsolationBench", "-swift-version", "6", "-O",
        "-wmo", "-I", directory.path,
        "-emit-module", "-emit-module-path", directory.appendingPathComponent("\(module).swiftmodule").path,
        "-c", "-o", directory.appendingPathComponent("\(module).o").path,
      ] + Self.platformFlags + sanitizerFlags + files.map(\.path))
    guard result.status == 0 else {
      throw BuildSettingsError.harnessDoesNotBuild(
        rung: "every rung", step: step, firstLines: Self.firstLines(result.output))
    }
  }

  /// The package's own modules the driver links to run the refetch checker
  /// on a rung's scene, in dependency order.
  static let packageModules = [
    "BenchBasics", "BenchKit", "ScreenChecks", "ProfileScene", "MockNetwork", "IsolationChecks",
  ]

  /// The package's modules, built once with the package's own flags.
  struct PackageModules: Sendable {
    /// The directory of their `.swiftmodule`s and `.o`s.
    var directory: URL
    /// How long compiling them took, when they were compiled (from the
    /// cache: when they were first compiled).
    var compileSeconds: Double
    /// Whether they came from the cache.
    var cached: Bool

    /// Their object files, to link.
    var objects: [URL] {
      RungBuilder.packageModules.map { directory.appendingPathComponent("\($0).o") }
    }
  }

  /// Builds (or finds in the cache) the package modules the refetch checker
  /// needs (``packageModules``), with the package's flags (Swift 6,
  /// optimised, whole module), so that a rung's driver runs the package's
  /// own checker, not a copy of it.
  /// - Returns: their directory and how long they took to compile.
  func buildPackageModules() throws -> PackageModules {
    var files: [URL] = []
    for module in Self.packageModules {
      files += try BuildSettingsSources.swiftFiles(recursivelyIn: sources.moduleDirectory(module))
    }
    let directory = try cacheDirectory(named: "package-modules", files: files, flags: [])
    let done = directory.appendingPathComponent("done")
    if FileManager.default.fileExists(atPath: done.path) {
      let seconds = (try? String(contentsOf: done, encoding: .utf8)).flatMap { Double($0) } ?? .nan
      return PackageModules(directory: directory, compileSeconds: seconds, cached: true)
    }
    let start = ContinuousClock.now
    for module in Self.packageModules {
      let moduleFiles = try BuildSettingsSources.swiftFiles(recursivelyIn: sources.moduleDirectory(module))
      try compileModule(module, files: moduleFiles, into: directory, step: "package module \(module)")
    }
    let seconds = start.duration(to: .now).seconds
    try Data(String(seconds).utf8).write(to: done)
    return PackageModules(directory: directory, compileSeconds: seconds, cached: false)
  }

  /// Builds (or finds in the cache) one rung.
  /// - Parameters:
  ///   - rung: the setting.
  ///   - support: the support module's directory.
  ///   - modules: the package's modules, which the driver links.
  /// - Returns: its diagnostics and, when it builds, its driver.
  func build(_ rung: BuildSettingsRung, support: URL, modules: PackageModules) throws -> Build {
    let driverFiles = try BuildSettingsSources.swiftFiles(in: sources.driverDirectory)
    let supportFiles = try BuildSettingsSources.swiftFiles(in: sources.supportDirectory)
    // The modules' directory name carries their own key.
    let directory = try cacheDirectory(
      named: rung.id, files: [sources.scene] + driverFiles + supportFiles,
      flags: rung.flags + [modules.directory.lastPathComponent])
    let done = directory.appendingPathComponent("done")
    let file = { (name: String) in directory.appendingPathComponent(name) }
    let cached = FileManager.default.fileExists(atPath: done.path)
    if !cached {
      let scene = [
        "-parse-as-library", "-module-name", "BuildSettingsScene", "-print-diagnostic-groups", "-I", support.path,
      ]
      let asWritten = try ToolRun.run(
        compiler.path,
        scene + rung.flags + ["-Onone", "-D", "GUIDE_AS_WRITTEN", "-c", "-o", file("as-written.o").path]
          + Self.platformFlags + sanitizerFlags + [sources.scene.path])
      try write(asWritten, to: file("as-written.log"))
      let measured = try ToolRun.run(
        compiler.path,
        scene + rung.flags + [
          "-O", "-wmo", "-enable-testing", "-emit-module", "-emit-module-path",
          file("BuildSettingsScene.swiftmodule").path, "-c", "-o", file("scene.o").path,
        ] + Self.platformFlags + sanitizerFlags + [sources.scene.path])
      try write(measured, to: file("scene.log"))
      if measured.status == 0 {
        let driver = try ToolRun.run(
          compiler.path,
          [
            "-module-name", "BuildSettingsDriver", "-swift-version", "6", "-O", "-wmo", "-I", support.path, "-I",
            directory.path, "-I", modules.directory.path, "-o", file("driver").path,
          ] + Self.platformFlags + sanitizerFlags + driverFiles.map(\.path) + [
            support.appendingPathComponent("BuildSettingsSupport.o").path, file("scene.o").path,
          ] + modules.objects.map(\.path))
        guard driver.status == 0 else {
          throw BuildSettingsError.harnessDoesNotBuild(
            rung: rung.id, step: "driver", firstLines: Self.firstLines(driver.output))
        }
      }
      try Data().write(to: done)
    }
    let asWrittenLog = try String(contentsOf: file("as-written.log"), encoding: .utf8)
    let sceneLog = try String(contentsOf: file("scene.log"), encoding: .utf8)
    let driverExists = FileManager.default.isExecutableFile(atPath: file("driver").path)
    let asWritten = CompilerDiagnostics(parsing: asWrittenLog)
    return Build(
      rung: rung, asWritten: asWritten, asWrittenBuilds: asWritten.errors == 0 && !asWrittenLog.contains("\nexit "),
      scene: CompilerDiagnostics(parsing: sceneLog), driver: driverExists ? file("driver") : nil, cached: cached)
  }

  /// The compiler's output, then `exit <status>` when it failed.
  private func write(_ result: ToolRun.Result, to url: URL) throws {
    let text = result.output + (result.status == 0 ? "" : "\nexit \(result.status)\n")
    try Data(text.utf8).write(to: url)
  }

  /// `<cache>/<name>-<key>`, created; the key hashes the files' contents,
  /// the flags, the sanitizer and the compiler's version.
  private func cacheDirectory(named name: String, files: [URL], flags: [String]) throws -> URL {
    var hash = FNV1a()
    for file in files {
      hash.add(file.lastPathComponent)
      hash.add(try Data(contentsOf: file))
    }
    hash.add((flags + Self.platformFlags + sanitizerFlags).joined(separator: " "))
    hash.add(compiler.version)
    let directory = sources.cacheDirectory.appendingPathComponent("\(name)-\(hash.hex)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }

  /// The first three primary diagnostics, or the first three lines, on one line.
  static func firstLines(_ output: String) -> String {
    let diagnostics = CompilerDiagnostics(parsing: output).diagnostics.prefix(3)
    if !diagnostics.isEmpty {
      return diagnostics.map { "\($0.location): \($0.severity.rawValue): \($0.message)" }.joined(separator: "; ")
    }
    return output.split(separator: "\n").prefix(3).joined(separator: "; ")
  }
}
