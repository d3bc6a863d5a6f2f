import Foundation

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

  /// The `swift` executable beside the compiler.
  var swift: String {
    URL(fileURLWithPath: compiler.path).deletingLastPathComponent().appendingPathComponent("swift").path
  }

  /// Builds the screens target as the manifest stands, with SwiftPM.
  /// - Returns: the folders holding the modules of everything it imports.
  /// - Throws: ``UserPackageError/dependenciesDoNotBuild(path:firstLines:)`` when it does not build.
  func buildDependencies() throws -> [URL] {
    let scratch = cacheDirectory.appendingPathComponent("swiftpm")
    let result = try ToolRun.run(
      swift,
      [
        "build", "-c", "release", "--package-path", package.root.path, "--scratch-path", scratch.path, "--target",
        package.screens.name,
      ])
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
        let attributes = try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
        hash.add(name)
        hash.add("\(attributes?[.size] ?? 0) \((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)")
      }
    }
    let directory = cacheDirectory.appendingPathComponent("\(rung.id)-\(hash.hex)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
  }
}
